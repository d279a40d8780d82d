import type { ActionInput } from "../core/action.js";
import type { ActionableEnv } from "../core/actionable-env.js";
import { EnvriggerError } from "../core/errors.js";
import type { ResetResult } from "../core/step-result.js";
import type { ResetOptions } from "../core/task.js";
import { formatHarnessIssues } from "./harness-issue.js";
import { HarnessLayer } from "./harness-layer.js";
import { createRng, deriveSeed } from "../core/seeding.js";
import type { SetupLayerSpec, SetupPrefixes } from "./harness-stack-spec.js";
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
 * With `prefixes`, each episode replays only the first `length` actions, one length drawn
 * per reset from the reset seed with probability proportional to its weight (a start state
 * at a random depth of a demonstration; a mixture of two depths).
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

  /** The per-episode prefix lengths, when they vary (a copy of the constructor argument). */
  readonly prefixes: SetupPrefixes | undefined;

  constructor(inner: ActionableEnv, actions: readonly ActionInput[], prefixes?: SetupPrefixes) {
    super(inner);
    this.actions = structuredClone([...actions]);
    this.prefixes = prefixes === undefined ? undefined : structuredClone(prefixes);
    this.#toolCheck = new SetupToolCheck(this.actions);
  }

  /** The actions episode `seed` replays: all, or the prefix drawn for it. */
  actionsFor(seed: number): readonly ActionInput[] {
    if (this.prefixes === undefined) return this.actions;
    const total = this.prefixes.reduce((sum, prefix) => sum + prefix.weight, 0);
    let draw = createRng(deriveSeed(seed, "setup prefix")).next() * total;
    let chosen = this.prefixes.at(-1)!;
    for (const prefix of this.prefixes) {
      if (draw < prefix.weight) {
        chosen = prefix;
        break;
      }
      draw -= prefix.weight;
    }
    return this.actions.slice(0, chosen.length);
  }

  override async reset(options: ResetOptions): Promise<ResetResult> {
    this.assertOpen();
    const actions = this.actionsFor(options.seed);
    const outcome = await replaySetup(this.inner, options, actions, this.#toolCheck);
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
    return {
      kind: "setup",
      actions: structuredClone([...this.actions]),
      ...(this.prefixes === undefined ? {} : { prefixes: structuredClone(this.prefixes) }),
    };
  }
}
