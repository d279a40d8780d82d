import type { Trajectory } from "../core/trajectory.js";
import { isSuccess } from "../rollout/summarize.js";

/**
 * Where the training reward comes from: `evaluation` — the env's verdict (`success` → 1,
 * else 0; the default), or `env` — the reward the env itself paid over the episode (with
 * `--reward public|hidden` on envs with a pluggable reward such as BugFix).
 */
export type RewardSource = "evaluation" | "env";

/** The reward of one training episode: a function of the trajectory only. */
export type TrainingReward = (trajectory: Trajectory, source: RewardSource) => number;

/**
 * The one reward code path of the trainer, the same for every arm and every source:
 * harness layers cannot change the env's reward or its evaluation, so an episode on a
 * stack is paid exactly as one on the original env. An errored episode earns 0.
 */
export const trainingReward: TrainingReward = (trajectory, source) => {
  if (trajectory.stopReason === "error") return 0;
  return source === "evaluation" ? (isSuccess(trajectory) ? 1 : 0) : trajectory.totalReward;
};
