import type { UpdateStats } from "../rl/grpo-update.js";

/** An update's statistics holding only its training groups of 8 episodes each: `[taskId, successes, stacked]`. */
export function updateStatsOf(update: number, groups: ReadonlyArray<readonly [string, number, boolean]>): UpdateStats {
  return {
    update,
    episodes: groups.length * 8,
    errored: 0,
    groups: groups.length,
    zeroVarianceGroups: 0,
    meanReward: 0,
    successRate: 0,
    entropy: 0,
    gradientNorm: 0,
    stackedTasks: groups.filter(([, , stacked]) => stacked).length,
    rewrittenDecisions: 0,
    taskGroups: groups.map(([taskId, successes, stacked]) => ({ taskId, successes, episodes: 8, stacked })),
  };
}
