import type { EnvDefinition } from "../core/env-definition.js";
import type { JsonObject } from "../core/json.js";
import type { TaskInfo } from "../core/task.js";
import { deriveSeed } from "../core/seeding.js";
import type { LearnableModel } from "../policies/learnable/learnable-model.js";
import { learnedPolicyFor } from "../policies/learnable/resolve-learned-policy.js";
import { summarize } from "../rollout/summarize.js";
import type { RolloutExecutor } from "../rollout/rollout-executor.js";
import { learnedSnapshotSpec, runTrainingRollouts } from "./run-training-rollouts.js";
import { originalEnvironment } from "./stack-environment.js";

/** One point of a held-out learning curve. */
export interface HeldOutPoint {
  /** Updates done when it was measured (0: before training). */
  update: number;
  /** Training episodes done when it was measured. */
  trainingEpisodes: number;
  /**
   * Rollouts spent in all when it was measured: training, filtering and the source's rigging
   * (`spentRollouts`); the axis arms are compared on at equal total budget. Absent in older records.
   */
  totalRollouts?: number;
  episodes: number;
  successRate: number;
  /** 95% Wilson interval. */
  successInterval: [number, number];
  /** What a public-test reward would pay (envs that report `publicPass`), else null. */
  publicPassRate: number | null;
  meanTurns: number;
}

/** Options of {@link evaluateHeldOut}. */
export interface EvaluateHeldOutOptions {
  env: EnvDefinition;
  envOptions: JsonObject;
  tasks: readonly Pick<TaskInfo, "id" | "group">[];
  /** Episodes per task. */
  episodes: number;
  /** The evaluation seed: the same at every point of a curve (common random numbers). */
  seed: number;
  concurrency: number;
  /** Run the episodes as batches on this executor (e.g. queue workers) instead of in this process. */
  executor?: RolloutExecutor;
}

/**
 * Evaluate a frozen copy of the model on the original env's tasks (the held-out split in
 * training runs) under the env's own verdict: `episodes` sampled episodes per task, with
 * seeds that never coincide with training rollouts.
 */
export async function evaluateHeldOut(
  model: LearnableModel,
  update: number,
  trainingEpisodes: number,
  options: EvaluateHeldOutOptions,
): Promise<HeldOutPoint> {
  const frozen = model.clone();
  const seed = deriveSeed(options.seed, "held-out evaluation");
  const groups = await runTrainingRollouts(
    options.tasks.map((task) => {
      const environment = originalEnvironment(options.env, options.envOptions, task.id);
      return {
        createEnv: environment.createEnv,
        stack: environment.stack,
        taskId: task.id,
        group: task.group,
        episodes: options.episodes,
        seed,
      };
    }),
    {
      policy: learnedPolicyFor(frozen, options.env.id, { name: "learned" }),
      portable: () => learnedSnapshotSpec(frozen, options.env.id),
    },
    { executor: options.executor, concurrency: options.concurrency },
  );
  const stats = summarize(groups.flat());
  return {
    update,
    trainingEpisodes,
    episodes: stats.episodes,
    successRate: stats.successRate,
    successInterval: stats.successInterval,
    publicPassRate: stats.publicPassRate,
    meanTurns: stats.meanTurns,
  };
}
