import { formatAction, type ActionInput } from "../core/action.js";
import type { ActionableEnv } from "../core/actionable-env.js";
import type { JsonObject } from "../core/json.js";
import type { Observation } from "../core/observation.js";
import { INFO_ACTION_ERROR } from "../core/step-result.js";
import type { ResetOptions } from "../core/task.js";
import type { HarnessIssue } from "./harness-issue.js";

/** One replayed action of a Setup and what the inner env answered. */
export interface SetupReplayEntry extends JsonObject {
  action: ActionInput;
  observation: Observation;
}

/** The outcome of {@link replaySetup}: the inner reset info and the replay, or the issues found. */
export type SetupReplayOutcome =
  | { ok: true; info: JsonObject; replay: SetupReplayEntry[] }
  | { ok: false; issues: HarnessIssue[] };

/** An issue about the action at `index` (its `line` is the 1-based position in the list). */
function issueAt(code: string, index: number, action: ActionInput, reason: string): HarnessIssue {
  return { code, line: index + 1, message: `Setup step ${index} (${formatAction(action)}): ${reason}` };
}

/** Issues found without running anything: malformed text and tools the env does not declare. */
async function staticIssues(env: ActionableEnv, actions: readonly ActionInput[]): Promise<HarnessIssue[]> {
  const names = new Set((await env.tools()).map((tool) => tool.name));
  const issues: HarnessIssue[] = [];
  actions.forEach((action, index) => {
    const parsed = typeof action === "string" ? env.parseText(action) : action;
    if (!parsed) issues.push(issueAt("malformed", index, action, "the text does not parse as an action of this env"));
    else if (!names.has(parsed.name)) {
      issues.push(issueAt("unknown-tool", index, action, `tool "${parsed.name}" is not one of the env's tools (${[...names].join(", ")})`));
    }
  });
  return issues;
}

/**
 * Run a Setup (Stage) on `env`: `reset`, replay each action through `step`, then
 * `notifyReplayComplete()`. The Setup is invalid, and the issues say why, when an action
 * names a tool the env does not declare (or is unparsable text), when a replayed step
 * reports `info.actionError` or ends the episode, or when `evaluate()` already succeeds
 * after the replay (a Setup may never pre-solve the task; not checked for an empty Setup).
 * Exceptions thrown by the env propagate.
 */
export async function replaySetup(env: ActionableEnv, options: ResetOptions, actions: readonly ActionInput[]): Promise<SetupReplayOutcome> {
  const found = await staticIssues(env, actions);
  if (found.length > 0) return { ok: false, issues: found };
  const reset = await env.reset(options);
  const replay: SetupReplayEntry[] = [];
  for (const [index, action] of actions.entries()) {
    const result = await env.step(action);
    replay.push({ action, observation: result.observation });
    const actionError = result.info[INFO_ACTION_ERROR];
    if (actionError !== undefined && actionError !== null) {
      return { ok: false, issues: [issueAt("action-error", index, action, `the env refused the action: ${String(actionError)}`)] };
    }
    if (result.terminated || result.truncated) {
      const how = result.terminated ? "terminated" : "truncated";
      return { ok: false, issues: [issueAt("episode-ended", index, action, `the episode ended (${how}) during the replay`)] };
    }
  }
  await env.notifyReplayComplete();
  if (actions.length > 0 && (await env.evaluate()).success) {
    return {
      ok: false,
      issues: [{ code: "pre-solved", message: `the task is already solved after the Setup's ${actions.length} action(s); a Setup may never pre-solve the task` }],
    };
  }
  return { ok: true, info: reset.info, replay };
}
