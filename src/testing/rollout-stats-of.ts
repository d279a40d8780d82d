import { countedStats } from "../rollout/counted-stats.js";
import type { RolloutStats } from "../rollout/summarize.js";

/** Rollout statistics with `successes` of `episodes` and plain values elsewhere (5 turns, every episode submitted), for decision-rule tests. */
export function rolloutStatsOf(
  successes: number,
  episodes: number,
  overrides: Partial<RolloutStats> = {},
): RolloutStats {
  return {
    ...countedStats(successes, episodes),
    successRate: successes / episodes,
    meanTurns: 5,
    stopReasons: { submit: episodes },
    ...overrides,
  };
}
