import { z } from "zod";
import { MAX_TIMER_MS } from "../core/max-timer-ms.js";
import { contentHash } from "../core/content-hash.js";
import type { Json } from "../core/json.js";
import { harnessStackSpecSchema } from "../harness/harness-stack-spec.js";
import { defaultRolloutConcurrency } from "../rollout/default-rollout-concurrency.js";
import type { RolloutBatch } from "../rollout/rollout-batch.js";

/** The most episodes one job may carry. */
export const MAX_EPISODES_PER_JOB = 64;

/**
 * One queue job, as data: episode `index` of a task — or, with `count`, episodes `index` …
 * `index + count − 1`, run one after another on one env exactly as `runRollouts` runs a
 * lane's episodes. Workers trust no job (anyone who can write to Redis can enqueue one):
 * they parse it with this schema before anything runs.
 */
export const rolloutJobSchema = z.strictObject({
  version: z.literal(1),
  stack: harnessStackSpecSchema,
  policy: z.string().min(1).max(4_096),
  taskId: z.string().min(1).max(1_024),
  group: z.string().max(1_024).optional(),
  /** The batch's run seed; the episode's seed is `rolloutSeed(seed, taskId, index)`. */
  seed: z.number().int().nonnegative(),
  index: z.number().int().nonnegative(),
  /** Consecutive episodes from `index` (absent: one). */
  count: z.number().int().min(2).max(MAX_EPISODES_PER_JOB).optional(),
  maxTurns: z.number().int().positive().max(100_000).optional(),
  timeoutMs: z.number().positive().max(MAX_TIMER_MS).optional(),
  callTimeoutMs: z.number().int().positive().max(MAX_TIMER_MS).optional(),
});
export type RolloutJob = z.infer<typeof rolloutJobSchema>;

/** The largest job data a worker accepts, in characters of JSON. */
export const MAX_JOB_CHARACTERS = 2 * 1024 * 1024;

/** How many episodes a job carries (1 unless it has a `count`). */
export function episodesOf(job: RolloutJob): number {
  return job.count ?? 1;
}

/**
 * A job's id: the hash of everything that decides its trajectories (stack spec, policy
 * spec, task, seed, indices, limits). A job delivered twice, or sent by two coordinators, is
 * one job with one result.
 */
export function rolloutJobId(job: RolloutJob): string {
  return `ep-${contentHash(job as unknown as Json)}`;
}

/**
 * How many episodes of a batch go into one job by default. One for policies and envs that
 * wait on I/O (an LLM, an OpenEnv server): each episode takes seconds and what matters is
 * how many run at once, i.e. one job each. For in-process scripted policies an episode can
 * take microseconds, against several Redis round trips per job, so consecutive episodes of
 * a task share a job — as many as leave the batch about 16 jobs to spread over the workers,
 * at most {@link MAX_EPISODES_PER_JOB}.
 */
export function defaultEpisodesPerJob(batch: Pick<RolloutBatch, "policy" | "stack" | "tasks" | "episodes">): number {
  if (defaultRolloutConcurrency(batch.policy, batch.stack.base.env) > 1) return 1;
  return Math.max(1, Math.min(MAX_EPISODES_PER_JOB, Math.floor((batch.tasks.length * batch.episodes) / 16)));
}

/**
 * A batch's jobs in the order of its trajectories (task order, then index order), each with
 * the position of its first trajectory: every task's episodes cut into runs of
 * `episodesPerJob` consecutive indices (default {@link defaultEpisodesPerJob}; the last run
 * of a task may be shorter).
 */
export function rolloutJobsOf(
  batch: RolloutBatch,
  episodesPerJob = defaultEpisodesPerJob(batch),
): Array<{ id: string; job: RolloutJob; at: number }> {
  const size = Math.max(1, Math.min(MAX_EPISODES_PER_JOB, Math.floor(episodesPerJob)));
  const jobs: Array<{ id: string; job: RolloutJob; at: number }> = [];
  batch.tasks.forEach((task, taskPosition) => {
    for (let offset = 0; offset < batch.episodes; offset += size) {
      const count = Math.min(size, batch.episodes - offset);
      const job: RolloutJob = {
        version: 1,
        stack: batch.stack,
        policy: batch.policy,
        taskId: task.taskId,
        ...(task.group === undefined ? {} : { group: task.group }),
        seed: batch.seed,
        index: batch.indexOffset + offset,
        ...(count > 1 ? { count } : {}),
        ...(batch.maxTurns === undefined ? {} : { maxTurns: batch.maxTurns }),
        ...(batch.timeoutMs === undefined ? {} : { timeoutMs: batch.timeoutMs }),
        ...(batch.callTimeoutMs === undefined ? {} : { callTimeoutMs: batch.callTimeoutMs }),
      };
      jobs.push({ id: rolloutJobId(job), job, at: taskPosition * batch.episodes + offset });
    }
  });
  return jobs;
}
