import type { ActionInput } from "../core/action.js";
import type { ActionableEnv } from "../core/actionable-env.js";
import type { ResetResult, StepResult } from "../core/step-result.js";
import type { ResetOptions } from "../core/task.js";

/** A recorded episode: the reset result and every step result, in order. */
export interface PlayedEpisode {
  reset: ResetResult;
  steps: StepResult[];
}

/** Options of {@link playEpisode}. */
export interface PlayEpisodeOptions {
  /** Before the step at this index, save the state and continue in `resumeIn` after restoring it there. */
  saveAt?: number;
  resumeIn?: ActionableEnv;
}

/**
 * Reset `env` and play `actions` until one ends the episode (terminated or truncated),
 * recording every result; optionally save mid-episode and continue in another instance,
 * so that tests can compare the interrupted episode with the uninterrupted one.
 */
export async function playEpisode(
  env: ActionableEnv,
  options: ResetOptions,
  actions: readonly ActionInput[],
  play: PlayEpisodeOptions = {},
): Promise<PlayedEpisode> {
  const reset = await env.reset(options);
  const steps: StepResult[] = [];
  let current = env;
  for (const [index, action] of actions.entries()) {
    if (index === play.saveAt && play.resumeIn) {
      const saved = JSON.parse(JSON.stringify(await current.saveState()));
      await play.resumeIn.restoreState(saved);
      current = play.resumeIn;
    }
    const result = await current.step(action);
    steps.push(result);
    if (result.terminated || result.truncated) break;
  }
  return { reset, steps };
}
