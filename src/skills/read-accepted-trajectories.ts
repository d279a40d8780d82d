import type { Trajectory } from "../core/trajectory.js";
import { readRun } from "../curriculum/read-run.js";
import { readCandidateRecord } from "../rigger/candidate-store.js";

/** The trajectories of one accepted stack. */
export interface AcceptedStackTrajectories {
  taskId: string;
  /** The stored candidate's id (the hash of its stack, checked when read). */
  candidateId: string;
  trajectories: Trajectory[];
}

/** What a run holds for skill extraction. */
export interface RunTrajectories {
  envId: string;
  policy: string;
  seed: number;
  stacks: AcceptedStackTrajectories[];
}

/**
 * The validation trajectories of every accepted stack of a run directory (`runs/<id>/`,
 * read from its checkpoints): the rollouts the decision rule accepted the stack on. Tasks
 * that were rejected or skipped, or are still running, contribute nothing.
 */
export async function readAcceptedTrajectories(runDirectory: string): Promise<RunTrajectories> {
  const run = await readRun(runDirectory);
  const stacks: AcceptedStackTrajectories[] = [];
  for (const task of run.tasks) {
    if (task.outcome !== "accepted" || task.validation === null || task.candidatePath === null) continue;
    stacks.push({
      taskId: task.config.taskId,
      // Read (and so verified): a candidate edited after validation is refused, naming the file.
      candidateId: readCandidateRecord(task.candidatePath).id,
      trajectories: task.validation.trajectories,
    });
  }
  return { envId: run.config.env, policy: run.config.policy, seed: run.config.seed, stacks };
}
