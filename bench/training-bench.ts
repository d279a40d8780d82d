import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { bugfixEnv } from "../src/bridges/bugfix/bugfix-env-definition.js";
import { LearnableModel } from "../src/policies/learnable/learnable-model.js";
import { bugfixPolicies } from "../src/policies/bugfix/bugfix-policies.js";
import { runRollouts } from "../src/rollout/run-rollouts.js";
import { grpoConfigSchema } from "../src/rl/grpo-config.js";
import { originalSource } from "../src/rl/original-source.js";
import { runExperiment, type ExperimentResult } from "../src/rl/run-experiment.js";
import { trainPolicy } from "../src/rl/train-policy.js";
import { productRigDependencies } from "../src/app/product-rig-dependencies.js";
import { productStackDependencies } from "../src/app/product-stack-dependencies.js";

/**
 * Train-step throughput on one core: GRPO updates of the learnable policy on the original
 * BugFix train tasks (G = 8, 10 tasks per update: rollouts, gradient, Adam), in episodes
 * per second, beside the rollout runner with the scripted random policy measured in the
 * same run (the ratio is the learnable policy's and the update's cost).
 */
export async function benchTrainStep(updates = 20) {
  const trainTasks = await bugfixEnv.listTasks("train");
  const model = LearnableModel.initial();
  const config = grpoConfigSchema.parse({ updates, seed: 5 });
  const started = performance.now();
  const result = await trainPolicy({
    env: bugfixEnv,
    model,
    config,
    trainTasks,
    source: originalSource(bugfixEnv, {}),
    rewardSource: "evaluation",
  });
  const trainSeconds = (performance.now() - started) / 1000;
  const episodes = result.updates.reduce((sum, stats) => sum + stats.episodes, 0);
  const runnerStarted = performance.now();
  const random = await runRollouts({
    createEnv: () => bugfixEnv.create(),
    policy: bugfixPolicies.random!,
    tasks: trainTasks.map((task) => ({ taskId: task.id })),
    episodes: Math.ceil(episodes / trainTasks.length),
    seed: 5,
  });
  const runnerSeconds = (performance.now() - runnerStarted) / 1000;
  const trainRate = episodes / trainSeconds;
  const randomRate = random.length / runnerSeconds;
  return {
    trainStepEpisodesPerSecond: Math.round(trainRate),
    trainStepUpdatesPerSecond: Number((updates / trainSeconds).toFixed(2)),
    randomPolicyEpisodesPerSecondThroughRunner: Math.round(randomRate),
    trainStepOverRandomRunner: Number((trainRate / randomRate).toFixed(3)),
  };
}

function experimentFigures(prefix: string, result: ExperimentResult, seconds: number, cpuSeconds: number) {
  const original = result.arms.original!;
  const harness = result.arms.harness!;
  return {
    [`${prefix}WallSeconds`]: Number(seconds.toFixed(1)),
    // CPU time of this process over the run: what the run costs one core when it has the core to itself.
    [`${prefix}CpuSeconds`]: Number(cpuSeconds.toFixed(1)),
    [`${prefix}OriginalMeanHeldOutSuccess`]: Number(original.meanSuccess.toFixed(3)),
    [`${prefix}HarnessMeanHeldOutSuccess`]: Number(harness.meanSuccess.toFixed(3)),
    [`${prefix}OriginalMeanHeldOutPublicPass`]:
      original.meanPublicPass === null ? null : Number(original.meanPublicPass.toFixed(3)),
    [`${prefix}HarnessMeanHeldOutPublicPass`]:
      harness.meanPublicPass === null ? null : Number(harness.meanPublicPass.toFixed(3)),
    [`${prefix}DifferenceMean`]: Number(result.difference.mean.toFixed(3)),
    [`${prefix}DifferenceStandardDeviation`]: Number(result.difference.standardDeviation.toFixed(3)),
    [`${prefix}AcceptedPerRound`]: Object.fromEntries(
      result.runs.filter((run) => run.arm === "harness").map((run) => [`seed ${run.seed}`, run.acceptedPerRound]),
    ),
    [`${prefix}RunDirectory`]: result.runDirectory,
  };
}

/**
 * `envrigger experiment --env bugfix --seeds 3` with its defaults (30 updates, G = 8,
 * 10 tasks per update, co-evolution every 10 updates, held-out evaluation every 5), timed
 * end to end; `reward` "public" runs the reward-hacking variant.
 */
export async function benchExperiment(reward: "evaluation" | "public") {
  const runDirectory = mkdtempSync(join(tmpdir(), `envrigger-bench-experiment-${reward}-`));
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await runExperiment(
    {
      runId: `bench-${reward}`,
      env: "bugfix",
      envOptions: reward === "public" ? { reward: "public" } : {},
      rewardSource: reward === "public" ? "env" : "evaluation",
      // The BugFix comparison as it was measured before the reverse arm existed.
      arms: ["original", "harness"],
      seeds: 3,
      grpo: {},
      evaluation: {},
      coevolution: {},
    },
    { runDirectory, env: bugfixEnv, rigDependencies: productRigDependencies(), stack: productStackDependencies() },
  );
  const used = process.cpuUsage(cpu);
  return experimentFigures(
    reward === "public" ? "publicRewardExperiment" : "experiment",
    result,
    (performance.now() - started) / 1000,
    (used.user + used.system) / 1e6,
  );
}
