import type { Trajectory } from "../../core/trajectory.js";
import { isSuccess } from "../../rollout/summarize.js";

/**
 * The reward at or above which a failed episode counts as paid like a success: the lowest
 * total reward of a successful episode, or — when none succeeded — the highest reward
 * seen. Null when no episode earned a positive reward (nothing to compare).
 */
export function successLevelReward(trajectories: readonly Trajectory[]): number | null {
  const successes = trajectories.filter(isSuccess).map((trajectory) => trajectory.totalReward);
  const level =
    successes.length > 0
      ? Math.min(...successes)
      : Math.max(0, ...trajectories.map((trajectory) => trajectory.totalReward));
  return level > 0 ? level : null;
}

/**
 * Whether an episode is a rewarded failure: the env's reward paid it at the success level
 * while the verifier's verdict failed — the reward can be earned without doing the task.
 * Reads only the per-episode reward and the evaluation's `success`.
 */
export function isRewardedFailure(trajectory: Trajectory, level: number | null): boolean {
  return (
    level !== null && trajectory.stopReason !== "error" && !isSuccess(trajectory) && trajectory.totalReward >= level
  );
}
