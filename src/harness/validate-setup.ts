import type { ActionInput } from "../core/action.js";
import type { ActionableEnv } from "../core/actionable-env.js";
import { errorMessage } from "../core/errors.js";
import type { ResetOptions } from "../core/task.js";
import type { HarnessIssue } from "./harness-issue.js";
import { replaySetup } from "./replay-setup.js";

/** The verdict of {@link validateSetup}. */
export interface SetupValidation {
  ok: boolean;
  issues: HarnessIssue[];
}

/**
 * Check a Setup's actions on `env` for one task and seed, returning the problems as data
 * (for designers) instead of throwing. Issue codes: `malformed`, `unknown-tool`,
 * `action-error`, `episode-ended`, `pre-solved`, and `exception` when the env threw. The
 * env is left in the replayed state (or wherever the replay stopped); the caller owns it.
 */
export async function validateSetup(
  env: ActionableEnv,
  options: ResetOptions,
  actions: readonly ActionInput[],
): Promise<SetupValidation> {
  try {
    const outcome = await replaySetup(env, options, actions);
    return outcome.ok ? { ok: true, issues: [] } : { ok: false, issues: outcome.issues };
  } catch (error) {
    return {
      ok: false,
      issues: [{ code: "exception", message: `the env threw during the Setup: ${errorMessage(error)}` }],
    };
  }
}
