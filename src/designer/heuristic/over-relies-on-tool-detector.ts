import type { Trajectory } from "../../core/trajectory.js";
import { outcomeComparison, percent } from "./episode-split.js";
import { defineBehaviourDetector } from "./define-behaviour-detector.js";
import type { TrajectoryCall } from "../../analysis/trajectory-calls.js";

/** A tool taking more than this share of an episode's calls is over-relied on. */
export const OVER_RELIANCE_SHARE = 0.5;

/** The tool with the largest share of calls and that share (null for no calls). */
function dominantTool(calls: readonly TrajectoryCall[]): { name: string; share: number } | null {
  const counts = new Map<string, number>();
  for (const call of calls) if (call.name !== null) counts.set(call.name, (counts.get(call.name) ?? 0) + 1);
  const top = [...counts.entries()].sort((left, right) => right[1] - left[1])[0];
  return top && calls.length > 0 ? { name: top[0], share: top[1] / calls.length } : null;
}

function overallShares(trajectories: readonly Trajectory[], stats: Record<string, number>): string {
  const total = Object.values(stats).reduce((sum, count) => sum + count, 0);
  return `${Object.entries(stats)
    .sort((left, right) => right[1] - left[1])
    .map(([name, count]) => `${name} ${percent(total === 0 ? 0 : count / total)}`)
    .join(", ")} over ${trajectories.length} episodes`;
}

/**
 * `over-relies-on-tool`: in an episode of at least three calls, one tool takes more than
 * half of the calls (a policy leaning on one tool instead of acting).
 */
export const overReliesOnToolDetector = defineBehaviourDetector({
  id: "over-relies-on-tool",
  summary: "leans on one tool for most of its calls",
  patterns: [/\b(over-?reli\w*|relies|relying|overuses?|over-?using|only uses|one tool|depends? on)\b/],
  minimumRate: 0.2,
  showsCalls(calls) {
    if (calls.length < 3) return false;
    const top = dominantTool(calls);
    return top !== null && top.share > OVER_RELIANCE_SHARE;
  },
  evidence: (split, input) =>
    `one tool took more than ${percent(OVER_RELIANCE_SHARE)} of the calls in ${split.showing}/${split.episodes} episodes (${percent(split.rate)}); tool shares: ${overallShares(input.trajectories, input.stats.toolUse)}; ${outcomeComparison(split)}`,
});
