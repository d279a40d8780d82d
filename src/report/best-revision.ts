import type { CheckpointedTask, RevisionRecord } from "../rigger/checkpointed-task-schema.js";

/**
 * A task's measured revision closest to its target (smallest absolute distance to the
 * band), picked as `result.json`'s `best` is; null when no revision was measured.
 */
export function bestRevision(task: CheckpointedTask): RevisionRecord | null {
  const measured = task.attempts.filter((attempt) => attempt.stats !== null && attempt.decision !== null);
  return (
    [...measured].sort((left, right) => Math.abs(left.decision!.distance) - Math.abs(right.decision!.distance))[0] ??
    null
  );
}
