import type { RolloutStats } from "../../rollout/summarize.js";
import type { Diagnosis } from "../designer.js";
import type { Target } from "../target.js";

/**
 * Which way the env must move for this policy: a weakness target → `target-weakness`;
 * success above the band's middle → `harder`, below → `easier` (a baseline already in the
 * band still moves away from its nearer edge); with only a steps band, too many turns →
 * `easier` (shorter episodes), too few → `harder`.
 */
export function designDirection(target: Target, stats: RolloutStats): Diagnosis["direction"] {
  if (target.weakness) return "target-weakness";
  if (target.successBand) {
    const [low, high] = target.successBand;
    return stats.successRate >= (low + high) / 2 ? "harder" : "easier";
  }
  if (target.stepsBand) {
    const [low, high] = target.stepsBand;
    return stats.meanTurns > (low + high) / 2 ? "easier" : "harder";
  }
  return "harder";
}
