import type { Trajectory } from "../../core/trajectory.js";
import { isSuccess } from "../../rollout/summarize.js";

/** How episodes split by a predicate, and how each side fared. */
export interface EpisodeSplit {
  episodes: number;
  showing: number;
  showingSuccesses: number;
  otherSuccesses: number;
  /** Fraction of episodes showing it. */
  rate: number;
}

/** Split episodes by `shows` and count successes on each side. */
export function splitEpisodes(
  trajectories: readonly Trajectory[],
  shows: (trajectory: Trajectory) => boolean,
): EpisodeSplit {
  let showing = 0;
  let showingSuccesses = 0;
  let otherSuccesses = 0;
  for (const trajectory of trajectories) {
    const success = isSuccess(trajectory);
    if (shows(trajectory)) {
      showing += 1;
      if (success) showingSuccesses += 1;
    } else if (success) otherSuccesses += 1;
  }
  return {
    episodes: trajectories.length,
    showing,
    showingSuccesses,
    otherSuccesses,
    rate: trajectories.length === 0 ? 0 : showing / trajectories.length,
  };
}

/** A percentage for evidence sentences, e.g. `52%`. */
export function percent(value: number): string {
  return `${Math.round(value * 100)}%`;
}

/** "success 71% in those vs 100% in the others" (or "n/a" for an empty side). */
export function outcomeComparison(split: EpisodeSplit): string {
  const others = split.episodes - split.showing;
  const left = split.showing === 0 ? "n/a" : percent(split.showingSuccesses / split.showing);
  const right = others === 0 ? "n/a" : percent(split.otherSuccesses / others);
  return `success ${left} in those vs ${right} in the others`;
}
