import type { ActionInput } from "../core/action.js";
import type { ActionableEnv } from "../core/actionable-env.js";
import type { JsonObject } from "../core/json.js";
import type { Observation } from "../core/observation.js";
import { INFO_ACTION_ERROR } from "../core/step-result.js";
import type { ResetOptions } from "../core/task.js";
import type { HarnessIssue } from "./harness-issue.js";
import { setupIssueAt, SetupToolCheck } from "./setup-tool-check.js";

/** One replayed action of a Setup and what the inner env answered. */
export interface SetupReplayEntry extends JsonObject {
  action: ActionInput;
  observation: Observation;
}

/** The outcome of {@link replaySetup}: the inner reset info and the replay, or the issues found. */
export type SetupReplayOutcome =
  | { ok: true; info: JsonObject; replay: SetupReplayEntry[] }
  | { ok: false; issues: HarnessIssue[] };

/**
 * Run a Setup on `env`: `reset`, replay each action through `step`, then
 * `notifyReplayComplete()`. The Setup is invalid, and the issues say why, when an action
 * names a tool the env does not declare (or is unparsable text), when a replayed step
 * reports `info.actionError` or ends the episode, or when `evaluate()` already succeeds
 * after the replay (a Setup may never pre-solve the task; not checked for an empty Setup).
 * Exceptions thrown by the env propagate. `check` is the tool check of these actions (a
 * Setup passes its own, which keeps what it found between resets; see `SetupToolCheck`).
 */
export async function replaySetup(
  env: ActionableEnv,
  options: ResetOptions,
  actions: readonly ActionInput[],
  check: SetupToolCheck = new SetupToolCheck(actions),
): Promise<SetupReplayOutcome> {
  const found = check.issues(env, await env.tools());
  if (found.length > 0) return { ok: false, issues: found };
  const reset = await env.reset(options);
  const replay: SetupReplayEntry[] = [];
  for (let index = 0; index < actions.length; index++) {
    const action = actions[index]!;
    const result = await env.step(action);
    replay.push({ action, observation: result.observation });
    const actionError = result.info[INFO_ACTION_ERROR];
    if (actionError !== undefined && actionError !== null) {
      return {
        ok: false,
        issues: [setupIssueAt("action-error", index, action, `the env refused the action: ${String(actionError)}`)],
      };
    }
    if (result.terminated || result.truncated) {
      const how = result.terminated ? "terminated" : "truncated";
      return {
        ok: false,
        issues: [setupIssueAt("episode-ended", index, action, `the episode ended (${how}) during the replay`)],
      };
    }
  }
  await env.notifyReplayComplete();
  if (actions.length > 0 && (await env.evaluate()).success) {
    return {
      ok: false,
      issues: [
        {
          code: "pre-solved",
          message: `the task is already solved after the Setup's ${actions.length} action(s); a Setup may never pre-solve the task`,
        },
      ],
    };
  }
  return { ok: true, info: reset.info, replay };
}
