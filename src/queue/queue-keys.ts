/** The BullMQ queue rollout jobs go to. */
export const ROLLOUT_QUEUE_NAME = "envrigger-rollouts";

/** The Redis key a job's trajectory is written under (once: the first writer wins). */
export function resultKey(jobId: string): string {
  return `envrigger:result:${jobId}`;
}

/** The Redis key of a policy artifact (e.g. learned weights), by content hash. */
export function artifactKey(hash: string): string {
  return `envrigger:artifact:${hash}`;
}

/**
 * How long results, finished jobs and artifacts stay in Redis, seconds (one day): long
 * enough for a coordinator that was down to come back and read them, short enough that a
 * result nobody reads does not stay forever.
 */
export const DEFAULT_RESULT_TTL_SECONDS = 24 * 60 * 60;
