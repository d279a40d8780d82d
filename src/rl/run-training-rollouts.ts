import type { ActionableEnv } from "../core/actionable-env.js";
import type { PolicyFactory } from "../core/policy.js";
import type { Trajectory } from "../core/trajectory.js";
import { runRollouts } from "../rollout/run-rollouts.js";

/** One batch of rollouts the trainer asks for: G episodes of one task from one snapshot. */
export interface TrainingRolloutRequest {
  createEnv: () => Promise<ActionableEnv>;
  policy: PolicyFactory;
  taskId: string;
  group?: string;
  episodes: number;
  seed: number;
  concurrency: number;
}

/**
 * The only place the trainer (and its evaluations) run episodes: the ordinary
 * `runRollouts`, so every harness stack works unchanged. A distributed rollout executor
 * replaces this one function.
 */
export async function runTrainingRollouts(request: TrainingRolloutRequest): Promise<Trajectory[]> {
  return runRollouts({
    createEnv: request.createEnv,
    policy: request.policy,
    tasks: [{ taskId: request.taskId, group: request.group }],
    episodes: request.episodes,
    seed: request.seed,
    concurrency: request.concurrency,
  });
}
