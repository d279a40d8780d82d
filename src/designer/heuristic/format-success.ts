import type { RolloutStats } from "../../rollout/summarize.js";

/** The success rate with its interval for evidence and diagnoses: "success 0.90 (95% CI 0.78–0.96, n=40)". */
export function formatSuccess(stats: RolloutStats): string {
  const [low, high] = stats.successInterval;
  return `success ${stats.successRate.toFixed(2)} (95% CI ${low.toFixed(2)}–${high.toFixed(2)}, n=${stats.episodes})`;
}
