import type { ActionInput } from "../core/action.js";
import type { ActionableEnv } from "../core/actionable-env.js";
import { EnvriggerError } from "../core/errors.js";
import type { ResetResult } from "../core/step-result.js";
import type { ResetOptions } from "../core/task.js";
import { formatHarnessIssues } from "./harness-issue.js";
import { HarnessLayer } from "./harness-layer.js";
import type { SetupLayerSpec } from "./harness-stack-spec.js";
import { recordWithKey } from "./record-with-key.js";
import { replaySetup } from "./replay-setup.js";
import { SetupToolCheck } from "./setup-tool-check.js";

/** The key of a Setup's reset `info` that lists the replayed actions and what they returned. */
export const SETUP_REPLAY_KEY = "setupReplay";

/**
 * Setup (the paper's Stage): changes the initial state. On every `reset` it resets the
 * inner env, replays its actions through the inner env's ordinary `step`, calls
 * `notifyReplayComplete()` (so the replay is not charged to the agent's turn budget), and
 * returns a fresh `observe()` of the new start. Reset `info` carries `setupReplay` (the
 * replayed actions and their observations). A Setup adds no per-step trace.
 *
 * An invalid Setup (unknown tool, refused action, episode ended during the replay, task
 * pre-solved) makes `reset` throw `SETUP_INVALID`; use `validateSetup` to get the issues
 * as data.
 */
export class SetupLayer extends HarnessLayer {
  readonly name = "Setup";
  /** The replayed actions (a copy of the constructor argument). */
  readonly actions: readonly ActionInput[];
  /** The check of the actions against the env's tools, kept between resets. */
  readonly #toolCheck: SetupToolCheck;

  constructor(inner: ActionableEnv, actions: readonly ActionInput[]) {
    super(inner);
    this.actions = structuredClone([...actions]);
    this.#toolCheck = new SetupToolCheck(this.actions);
  }

  override async reset(options: ResetOptions): Promise<ResetResult> {
    this.assertOpen();
    const outcome = await replaySetup(this.inner, options, this.actions, this.#toolCheck);
    if (!outcome.ok) {
      throw new EnvriggerError(
        "SETUP_INVALID",
        `${this.label} is invalid for task ${options.taskId}:\n${formatHarnessIssues(outcome.issues)}`,
        {
          hint: "change the Setup's actions: use the env's tools, keep each replayed step valid and the episode running, and never solve the task",
          details: { issues: outcome.issues },
        },
      );
    }
    return { observation: await this.observe(), info: recordWithKey(outcome.info, SETUP_REPLAY_KEY, outcome.replay) };
  }

  toLayerSpec(): SetupLayerSpec {
    return { kind: "setup", actions: structuredClone([...this.actions]) };
  }
}
