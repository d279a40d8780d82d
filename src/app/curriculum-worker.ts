import type { RigTaskResult } from "../rigger/rig-task.js";
import type { CurriculumConfig } from "../curriculum/curriculum-config.js";
import { rigCurriculumTask, type CurriculumTaskInput } from "../curriculum/curriculum-task.js";
import type { RigDependenciesFactory } from "../curriculum/run-curriculum.js";
import { createRigDependencies } from "./create-rig-dependencies.js";
import type { RunBudget } from "../rigger/run-budget.js";

/** What a curriculum lane is given: one task to rig. */
export interface CurriculumWorkerInput {
  config: CurriculumConfig;
  task: CurriculumTaskInput;
  runDirectory: string;
  /** Send the task's rollouts to the queue at this Redis URL instead of running them in the lane. */
  queue?: string;
}

/**
 * Rig one task with dependencies built for it by `rigDependencies` (default
 * `createRigDependencies` with the input's queue), drawing on the run's budget when given,
 * then free the env's shared resources (e.g. sandbox isolates). Run by task processes and
 * by the curriculum's local lane.
 */
export default async function rigInWorker(
  input: CurriculumWorkerInput,
  runBudget?: RunBudget,
  rigDependencies: RigDependenciesFactory = (config, directory) =>
    createRigDependencies(config, directory, { queue: input.queue }),
): Promise<RigTaskResult> {
  const dependencies = {
    ...(await rigDependencies(input.config, input.runDirectory)),
    ...(runBudget ? { runBudget } : {}),
  };
  try {
    return await rigCurriculumTask(input.config, input.task, input.runDirectory, dependencies);
  } finally {
    // A task process may be stopped at any time after its task: free the isolates now, in
    // the thread that created them, rather than leave them to process teardown.
    await dependencies.rollouts?.close();
    await dependencies.env.dispose?.();
  }
}
