import type { Action } from "../../core/action.js";
import { stableStringify, type Json } from "../../core/json.js";
import { actionRefused } from "../../core/step-result.js";
import type { Trajectory } from "../../core/trajectory.js";
import { isSuccess } from "../../rollout/summarize.js";
import type { Attempt, DesignContext } from "../designer.js";

/** A call a layer substituted for the policy's, and in how many kept episodes it opened. */
export interface Opening {
  call: Action;
  episodes: number;
}

/** The first call of a trajectory that a layer rewrote and the env accepted (what reached the env), or null. */
export function rewrittenCall(trajectory: Trajectory): Action | null {
  for (const step of trajectory.steps) {
    const sent = step.envAction;
    if (step.parsedAction === null || sent === null || typeof sent === "string" || actionRefused(step.info)) continue;
    if (stableStringify(sent as unknown as Json) !== stableStringify(step.parsedAction as unknown as Json)) return sent;
  }
  return null;
}

/**
 * The calls a template substituted in the validation episodes kept with its attempts
 * (`attempts`, default: every attempt of `template`) that succeeded — or, with
 * `successful` false, that failed — most frequent first (ties: first seen). Only a handful
 * of episodes is kept per attempt, so this is what the designer can read, not a statistic.
 */
export function exploredOpenings(
  context: DesignContext,
  template: string,
  successful: boolean,
  attempts?: readonly Attempt[],
): Opening[] {
  const openings = new Map<string, Opening>();
  for (const attempt of attempts ?? context.attempts) {
    if (attempt.proposal?.template !== template) continue;
    for (const trajectory of attempt.trajectories ?? []) {
      if (isSuccess(trajectory) !== successful) continue;
      const call = rewrittenCall(trajectory);
      if (!call) continue;
      const key = stableStringify(call as unknown as Json);
      openings.set(key, { call, episodes: (openings.get(key)?.episodes ?? 0) + 1 });
    }
  }
  return [...openings.values()].sort((left, right) => right.episodes - left.episodes);
}
