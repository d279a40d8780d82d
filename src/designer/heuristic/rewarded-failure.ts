import type { Trajectory } from "../../core/trajectory.js";
import { isSuccess } from "../../rollout/summarize.js";
import { startsAtTaskStart } from "../../analysis/starts-at-task-start.js";

/**
 * What is known of one task's rewards: the episodes observed on it and, where the env names a
 * demonstrator, its successful demonstrations (which say what a success pays from the task's
 * own start).
 */
export interface TaskRewardEvidence {
  trajectories: readonly Trajectory[];
  demonstrations?: readonly Trajectory[];
}

/**
 * The episodes whose rewards can be compared: those that started at the task's own start
 * (see `startsAtTaskStart`). An episode a Setup started near the goal earned only the rest of
 * the reward, so its success says nothing of what a failure from the start may earn.
 */
export function comparableEpisodes(trajectories: readonly Trajectory[]): Trajectory[] {
  return trajectories.filter(startsAtTaskStart);
}

/**
 * The reward at or above which a failed episode counts as paid like a success: the lowest
 * total reward of a successful episode from the task's start (the demonstrations' included),
 * or — when none succeeded and there is no demonstration — the highest reward seen. Null when
 * no episode earned a positive reward (nothing to compare).
 */
export function successLevelReward(
  trajectories: readonly Trajectory[],
  demonstrations: readonly Trajectory[] = [],
): number | null {
  const comparable = comparableEpisodes(trajectories);
  const successes = [...comparable, ...demonstrations].filter(isSuccess).map((trajectory) => trajectory.totalReward);
  const level =
    successes.length > 0
      ? Math.min(...successes)
      : Math.max(0, ...comparable.map((trajectory) => trajectory.totalReward));
  return level > 0 ? level : null;
}

/**
 * Whether an episode is a rewarded failure: it started at the task's start, the env's reward
 * paid it at the success level while the verifier's verdict failed — the reward can be earned
 * without doing the task. Reads only the stack, the per-episode reward and the evaluation's `success`.
 */
export function isRewardedFailure(trajectory: Trajectory, level: number | null): boolean {
  return (
    level !== null &&
    trajectory.stopReason !== "error" &&
    startsAtTaskStart(trajectory) &&
    !isSuccess(trajectory) &&
    trajectory.totalReward >= level
  );
}

/** The rewarded failures of one task's evidence, with the level they were judged at. */
export function rewardedFailuresOf(evidence: TaskRewardEvidence): { level: number | null; rewarded: Trajectory[] } {
  const level = successLevelReward(evidence.trajectories, evidence.demonstrations);
  return { level, rewarded: evidence.trajectories.filter((trajectory) => isRewardedFailure(trajectory, level)) };
}
