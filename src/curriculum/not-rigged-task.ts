import { isEnvriggerError } from "../core/errors.js";
import type { RigTaskResult } from "../rigger/rig-task.js";

/** A task of a run that was never rigged: the run's rollout budget was spent before it started. */
export interface NotRiggedTask {
  taskId: string;
  outcome: "not-rigged";
  /** Why: the run's budget (`--budget-total`) was spent. */
  reason: "BUDGET_EXHAUSTED";
  message: string;
}

/** What a curriculum lane returns for a task: its result, or why it was not rigged. */
export type CurriculumTaskRun = RigTaskResult | NotRiggedTask;

/** Whether a lane's answer is a rigged task's result. */
export function isRigged(run: CurriculumTaskRun): run is RigTaskResult {
  return run.outcome !== "not-rigged";
}

/**
 * Rig a task in a lane: its result, or — when the run's budget was spent before its first
 * rollout (`BUDGET_EXHAUSTED`, also across a task process) — the task as not rigged. Any
 * other failure stays a failure of the run.
 */
export async function rigOrNotRigged(taskId: string, rig: () => Promise<RigTaskResult>): Promise<CurriculumTaskRun> {
  try {
    return await rig();
  } catch (error) {
    if (!isEnvriggerError(error, "BUDGET_EXHAUSTED")) throw error;
    // The message's first line (a hint follows it).
    return { taskId, outcome: "not-rigged", reason: "BUDGET_EXHAUSTED", message: error.message.split("\n")[0]! };
  }
}
