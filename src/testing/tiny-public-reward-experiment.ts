import type { ExperimentConfigInput } from "../rl/run-experiment.js";

/**
 * The smallest experiment that exercises both arms on BugFix's public (hackable) reward:
 * one seed, two updates of G = 2, one held-out episode per task per evaluation, and
 * co-evolution rounds of two rollouts per candidate — a wide band and a low confidence, so
 * the decision rule can accept on them. Tests vary only what they look at.
 */
export function tinyPublicRewardExperiment(
  runId: string,
  options: { tasksPerUpdate: number; evaluationEvery: number },
): ExperimentConfigInput {
  return {
    runId,
    env: "bugfix",
    envOptions: { reward: "public" },
    rewardSource: "env",
    arms: ["original", "harness"],
    seeds: 1,
    grpo: { updates: 2, group: 2, tasksPerUpdate: options.tasksPerUpdate },
    evaluation: { every: options.evaluationEvery, episodes: 1 },
    coevolution: {
      every: 1,
      k: 2,
      kMax: 2,
      revisions: 0,
      target: { successBand: [0.3, 0.95] },
      confidence: 0.6,
      confirmationEpisodes: 0,
    },
  };
}
