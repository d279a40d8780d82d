import { z } from "zod";
import { contentHash } from "../core/content-hash.js";
import type { Json } from "../core/json.js";
import { harnessStackSpecSchema } from "../harness/harness-stack-spec.js";
import type { RolloutBatch } from "../rollout/rollout-batch.js";

/**
 * One queue job: one episode of a batch, as data. Workers trust no job (anyone who can
 * write to Redis can enqueue one): they parse it with this schema before anything runs.
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
  maxTurns: z.number().int().positive().max(100_000).optional(),
  timeoutMs: z.number().positive().optional(),
  callTimeoutMs: z.number().int().positive().optional(),
});
export type RolloutJob = z.infer<typeof rolloutJobSchema>;

/** The largest job data a worker accepts, in characters of JSON. */
export const MAX_JOB_CHARACTERS = 2 * 1024 * 1024;

/**
 * A job's id: the hash of everything that decides its trajectory (stack spec, policy spec,
 * task, seed, index, limits). A job delivered twice, or sent by two coordinators, is one
 * job with one result.
 */
export function rolloutJobId(job: RolloutJob): string {
  return `ep-${contentHash(job as unknown as Json)}`;
}

/** A batch's jobs, in the order of its trajectories (task order, then index order). */
export function rolloutJobsOf(batch: RolloutBatch): Array<{ id: string; job: RolloutJob }> {
  return batch.tasks.flatMap((task) =>
    Array.from({ length: batch.episodes }, (_, offset) => {
      const job: RolloutJob = {
        version: 1,
        stack: batch.stack,
        policy: batch.policy,
        taskId: task.taskId,
        ...(task.group === undefined ? {} : { group: task.group }),
        seed: batch.seed,
        index: batch.indexOffset + offset,
        ...(batch.maxTurns === undefined ? {} : { maxTurns: batch.maxTurns }),
        ...(batch.timeoutMs === undefined ? {} : { timeoutMs: batch.timeoutMs }),
        ...(batch.callTimeoutMs === undefined ? {} : { callTimeoutMs: batch.callTimeoutMs }),
      };
      return { id: rolloutJobId(job), job };
    }),
  );
}
