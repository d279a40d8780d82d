import type { Trajectory } from "../core/trajectory.js";
import type { CheckpointedTask, RevisionRecord } from "../rigger/checkpointed-task-schema.js";
import { layerChanged } from "./layer-changed.js";
import { bestRevision } from "./best-revision.js";

/** The revision a task's section details, and the two episodes it shows. */
export interface ShownRevision {
  revision: RevisionRecord;
  /** Whether it is the accepted candidate (else a rejected task's closest revision). */
  accepted: boolean;
  /** The first baseline rollout. */
  baseline: Trajectory | null;
  /** A rollout of the revision's stack: the first in which a layer changed something, else the first. */
  candidate: Trajectory | null;
}

/**
 * What a task's section details: the accepted candidate (its full validation batch is
 * checkpointed), or for a rejected task its closest revision (a few of its episodes are
 * kept); null for skipped and unfinished tasks. The example episodes are the first
 * baseline rollout (as the stored candidate's examples) and the first candidate rollout
 * whose raw and filtered steps differ.
 */
export function pickShownRevision(task: CheckpointedTask): ShownRevision | null {
  const baseline = task.baseline?.trajectories[0] ?? null;
  const accepted =
    task.outcome === "accepted"
      ? [...task.attempts].reverse().find((attempt) => attempt.decision?.decision === "accept")
      : undefined;
  const revision = accepted ?? (task.outcome === "rejected" ? bestRevision(task) : null);
  if (!revision) return null;
  const rollouts = (accepted ? task.validation?.trajectories : revision.trajectories) ?? [];
  const candidate =
    rollouts.find((trajectory) => trajectory.steps.some((step) => step.layers.some(layerChanged))) ??
    rollouts[0] ??
    null;
  return { revision, accepted: accepted !== undefined, baseline, candidate };
}
