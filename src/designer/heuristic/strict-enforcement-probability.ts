import type { Trajectory } from "../../core/trajectory.js";
import { isSuccess } from "../../rollout/summarize.js";
import type { DesignContext } from "../designer.js";
import { bandMiddle } from "./baseline-distance.js";

/**
 * The first probability to try for a strict template that voids the attempt of every
 * episode showing the weakness with probability p: the episodes lost are those that show
 * it and still succeed, so success ≈ s0 − p × lost; aim at the band's middle (clamped to
 * [0.1, 1]). Null when enforcing it would change the success rate by less than 0.02.
 */
export function strictEnforcementProbability(context: DesignContext, shows: (trajectory: Trajectory) => boolean): number | null {
  const trajectories = context.baseline.trajectories;
  if (trajectories.length === 0) return null;
  const lost = trajectories.filter((trajectory) => shows(trajectory) && isSuccess(trajectory)).length / trajectories.length;
  if (lost < 0.02) return null;
  const wanted = context.baseline.stats.successRate - bandMiddle(context);
  return Math.min(1, Math.max(0.1, wanted / lost));
}
