import type { RolloutStats } from "../rollout/summarize.js";
import { wilsonInterval } from "../rollout/wilson-interval.js";

/** Rollout statistics with `successes` of `episodes` and plain values elsewhere (5 turns, every episode submitted), for decision-rule tests. */
export function rolloutStatsOf(
  successes: number,
  episodes: number,
  overrides: Partial<RolloutStats> = {},
): RolloutStats {
  return {
    episodes,
    errored: 0,
    erroredExternal: 0,
    successes,
    successRate: successes / episodes,
    successInterval: wilsonInterval(successes, episodes),
    publicPassRate: null,
    meanTurns: 5,
    meanTurnsOfSuccesses: null,
    stopReasons: { submit: episodes },
    stopMessages: {},
    invalidCallRate: 0,
    blockedRate: 0,
    blockedEpisodeRate: 0,
    errorRate: 0,
    toolUse: {},
    ...overrides,
  };
}
