import type { Trajectory } from "../../core/trajectory.js";
import { isSuccess } from "../../rollout/summarize.js";
import type { DesignContext } from "../designer.js";
import { bandMiddle } from "./baseline-distance.js";

/** The share of baseline episodes that show the weakness and still succeed: what voiding them all costs. */
function lostShare(context: DesignContext, shows: (trajectory: Trajectory) => boolean): number {
  const trajectories = context.baseline.trajectories;
  if (trajectories.length === 0) return 0;
  return trajectories.filter((trajectory) => shows(trajectory) && isSuccess(trajectory)).length / trajectories.length;
}

/**
 * The first probability to try for a strict template that voids the attempt of every
 * episode showing the weakness with probability p: the episodes lost are those that show
 * it and still succeed, so success ≈ s0 − p × lost; aim at the band's middle (clamped to
 * [0.1, 1]). Null when enforcing it would change the success rate by less than 0.02.
 */
export function strictEnforcementProbability(
  context: DesignContext,
  shows: (trajectory: Trajectory) => boolean,
): number | null {
  if (context.baseline.trajectories.length === 0) return null;
  const lost = lostShare(context, shows);
  if (lost < 0.02) return null;
  const wanted = context.baseline.stats.successRate - bandMiddle(context);
  return Math.min(1, Math.max(0.1, wanted / lost));
}

/**
 * How far such a template can go alone towards a success band above which the baseline
 * lies: 1 when voiding every episode showing the weakness (p = 1, success ≈ s0 − lost)
 * brings the estimated success to the band's upper edge or below, else the share of that
 * drop it makes, lost / (s0 − upper), in [0, 1). 1 without a success band or when the
 * baseline is not above it. A template that cannot reach the band alone would spend its
 * revisions short of it (e.g. repeats seen only after the plan already failed, or in one
 * successful baseline episode of five), so its plan ranks by this share below the ones
 * that can (see `blockRepeatTemplate`).
 */
export function strictEnforcementReach(context: DesignContext, shows: (trajectory: Trajectory) => boolean): number {
  const band = context.target.successBand;
  const needed = band ? context.baseline.stats.successRate - band[1] : 0;
  if (needed <= 0) return 1;
  return Math.min(1, lostShare(context, shows) / needed);
}
