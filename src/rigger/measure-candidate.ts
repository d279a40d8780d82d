import type { PolicyFactory } from "../core/policy.js";
import { deriveSeed } from "../core/seeding.js";
import { buildStack, type BuildStackDependencies } from "../harness/build-stack.js";
import type { RolloutExecutor } from "../rollout/rollout-executor.js";
import { runRollouts } from "../rollout/run-rollouts.js";
import { summarize } from "../rollout/summarize.js";
import type { CandidateRecord } from "./candidate-store.js";

/** The `measure --json` object. */
export interface Measurement {
  successRate: number;
  successInterval: [number, number];
  meanSteps: number;
  stopReasons: Record<string, number>;
  episodes: number;
}

/**
 * Fresh rollouts of a stored candidate: K episodes of `policy` on its stack, with seeds
 * derived from (`seed`, "measure") so they never coincide with the rig run's observation
 * or validation seeds. With `rollouts`, the batch runs on that executor (e.g. a queue)
 * under the policy spec `policySpec` instead of with `policy`.
 */
export async function measureCandidate(
  record: CandidateRecord,
  policy: PolicyFactory,
  options: {
    k: number;
    seed: number;
    concurrency?: number;
    rollouts?: { executor: RolloutExecutor; policySpec: string };
  },
  dependencies: BuildStackDependencies,
): Promise<Measurement> {
  const seed = deriveSeed(options.seed, "measure");
  const tasks = [{ taskId: record.stack.base.taskId }];
  const trajectories = options.rollouts
    ? await options.rollouts.executor.run(
        { stack: record.stack, policy: options.rollouts.policySpec, tasks, episodes: options.k, seed },
        { concurrency: options.concurrency },
      )
    : await runRollouts({
        createEnv: () => buildStack(record.stack, dependencies),
        policy,
        tasks,
        episodes: options.k,
        seed,
        concurrency: options.concurrency,
      });
  const stats = summarize(trajectories);
  return {
    successRate: stats.successRate,
    successInterval: stats.successInterval,
    meanSteps: stats.meanTurns,
    stopReasons: stats.stopReasons,
    episodes: stats.episodes,
  };
}
