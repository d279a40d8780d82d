import { EnvriggerError } from "../core/errors.js";
import type { RolloutStats } from "../rollout/summarize.js";

/** Episodes in `stats`, those that ran and those that errored. */
function allEpisodes(stats: RolloutStats): number {
  return stats.episodes + stats.errored;
}

/** Fraction of all episodes that errored in the candidate's own code or setup (errors of category `external` left out). */
export function ownErrorRate(stats: RolloutStats): number {
  const total = allEpisodes(stats);
  return total === 0 ? 0 : (stats.errored - stats.erroredExternal) / total;
}

/**
 * Refuse to judge episodes of which more than `maxFraction` errored outside what is
 * measured (a remote env, a provider, a queue): throws `EPISODES_ERRORED` saying how many
 * and the first error, so that no candidate and no baseline is ever judged on episodes
 * that failed for infrastructure reasons. `what` names the episodes (e.g. `validation`).
 */
export function refuseOnExternalErrors(stats: RolloutStats, maxFraction: number, what: string): void {
  const total = allEpisodes(stats);
  if (total === 0 || stats.erroredExternal / total <= maxFraction) return;
  const first =
    stats.stopMessages.error === undefined ? "" : `; first error: ${stats.stopMessages.error.split("\n")[0]}`;
  throw new EnvriggerError(
    "EPISODES_ERRORED",
    `${stats.erroredExternal} of ${total} ${what} episodes errored outside the candidate (above the ${maxFraction} allowed): no decision is taken on the ${stats.episodes} that ran${first}`,
    {
      hint: "fix the environment server or provider and resume the run (--resume)",
      details: { reason: "EPISODES_ERRORED", errored: stats.errored, erroredExternal: stats.erroredExternal, total },
    },
  );
}
