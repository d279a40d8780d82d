import type { Trajectory } from "../../core/trajectory.js";
import { isRewardedFailure, rewardedFailuresOf } from "./rewarded-failure.js";
import type { WeaknessDetector } from "./weakness-detector.js";

/** The id of the reward-shortcut weakness. */
export const REWARDED_FAILURE_ID = "rewarded-failure";

/**
 * `rewarded-failure`: episodes the env's reward pays like a success although the
 * verifier's verdict fails — the policy found a shortcut the reward accepts. Generic: it
 * reads per-episode reward and `evaluation.success` only, never how either is computed.
 * Reported as soon as one episode shows it (a shortcut the learner finds spreads fast);
 * severity is the share of episodes showing it.
 */
export const rewardedFailureDetector: WeaknessDetector = {
  id: REWARDED_FAILURE_ID,
  summary: "earns the reward while the verifier fails the episode (a reward shortcut)",
  patterns: [/\b(reward|shortcut|hack|exploit|gam(e|es|ing))/i],
  detect(input, force = false) {
    const { level, rewarded: showing } = rewardedFailuresOf({
      trajectories: input.trajectories,
      demonstrations: input.demonstrations ?? [],
    });
    if (input.trajectories.length === 0 || (!force && showing.length === 0)) return null;
    const rate = showing.length / input.trajectories.length;
    return {
      id: REWARDED_FAILURE_ID,
      evidence: `${showing.length} of ${input.trajectories.length} episodes (${(rate * 100).toFixed(0)}%) earned a reward of at least ${level ?? 0} (the success level) while the verifier failed them`,
      severity: rate,
    };
  },
  shows(trajectory: Trajectory) {
    return isRewardedFailure(trajectory, trajectory.totalReward > 0 ? trajectory.totalReward : null);
  },
};
