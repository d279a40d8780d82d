import type { RigTaskResult } from "../rigger/rig-task.js";
import type { CurriculumConfig } from "./curriculum-config.js";
import { rigCurriculumTask } from "./curriculum-task.js";
import { createRigDependencies } from "./create-rig-dependencies.js";

/** What the main thread sends a curriculum worker: one task to rig. */
export interface CurriculumWorkerInput {
  config: CurriculumConfig;
  task: { id: string; group?: string };
  runDirectory: string;
}

/** Worker-thread entry point (piscina): rig one task with dependencies built in this thread. */
export default async function rigInWorker(input: CurriculumWorkerInput): Promise<RigTaskResult> {
  const dependencies = await createRigDependencies(input.config, input.runDirectory);
  try {
    return await rigCurriculumTask(input.config, input.task, input.runDirectory, dependencies);
  } finally {
    // The pool may end this thread at any time after the task: free isolates here, in the
    // thread that created them (isolated-vm aborts the process otherwise).
    await dependencies.env.dispose?.();
  }
}
