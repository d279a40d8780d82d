import type { Trajectory } from "../core/trajectory.js";
import { isSuccess } from "../rollout/summarize.js";

/** How many validation trajectories an attempt keeps for the designer to read, in order. */
export const TRAJECTORIES_PER_ATTEMPT = 3;

/**
 * The validation episodes an attempt keeps for the designer: the first
 * {@link TRAJECTORIES_PER_ATTEMPT}, and when none of them succeeded, the first episode that
 * did (if any). A candidate at a success rate of 0.35 has no success among its first three
 * episodes about a quarter of the time; a designer that builds on what succeeded (e.g.
 * steering towards an explored opening that worked) would then never see that it did.
 */
export function attemptExamples(validated: readonly Trajectory[]): Trajectory[] {
  const kept = validated.slice(0, TRAJECTORIES_PER_ATTEMPT);
  if (kept.some(isSuccess)) return kept;
  const success = validated.slice(TRAJECTORIES_PER_ATTEMPT).find(isSuccess);
  return success === undefined ? kept : [...kept, success];
}
