import type { PolicyFactory } from "../core/policy.js";
import { deriveSeed } from "../core/seeding.js";
import { buildStack, type BuildStackDependencies } from "../harness/build-stack.js";
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
 * or validation seeds.
 */
export async function measureCandidate(
  record: CandidateRecord,
  policy: PolicyFactory,
  options: { k: number; seed: number; concurrency?: number },
  dependencies: BuildStackDependencies,
): Promise<Measurement> {
  const trajectories = await runRollouts({
    createEnv: () => buildStack(record.stack, dependencies),
    policy,
    tasks: [{ taskId: record.stack.base.taskId }],
    episodes: options.k,
    seed: deriveSeed(options.seed, "measure"),
    concurrency: options.concurrency,
  });
  const stats = summarize(trajectories);
  return { successRate: stats.successRate, successInterval: stats.successInterval, meanSteps: stats.meanTurns, stopReasons: stats.stopReasons, episodes: stats.episodes };
}
