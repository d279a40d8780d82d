import type { RolloutStats } from "./summarize.js";
import { wilsonInterval } from "./wilson-interval.js";

/**
 * Rollout statistics known only as `successes` of `episodes` (e.g. pooled from training
 * groups): what a success band's decision rule reads, with neutral values elsewhere (no
 * turns, no errors, no stop reasons).
 */
export function countedStats(successes: number, episodes: number): RolloutStats {
  return {
    episodes,
    errored: 0,
    erroredExternal: 0,
    successes,
    successRate: episodes === 0 ? 0 : successes / episodes,
    successInterval: wilsonInterval(successes, episodes),
    publicPassRate: null,
    meanTurns: 0,
    meanTurnsOfSuccesses: null,
    stopReasons: {},
    stopMessages: {},
    invalidCallRate: 0,
    blockedRate: 0,
    blockedEpisodeRate: 0,
    errorRate: 0,
    toolUse: {},
  };
}
