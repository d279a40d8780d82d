import type { TaskInfo } from "../core/task.js";
import type { RigDependencies } from "../rigger/rig-dependencies.js";
import { openCheckpointer } from "../rigger/open-checkpointer.js";
import { rigTaskSettingNames, type RigConfigInput } from "../rigger/rig-config.js";
import { readTaskMeasurements } from "../rigger/read-task-measurements.js";
import { rigTask, type RigTaskResult } from "../rigger/rig-task.js";
import type { CurriculumConfig } from "./curriculum-config.js";
import { runPaths } from "../run-format/run-paths.js";

/**
 * A task as a curriculum executor is given it: its id and group, and the earlier tasks of the
 * run it aims from (`aimFrom`, in task order; see the `aimLag` setting) — an executor starts
 * it only once those finished.
 */
export interface CurriculumTaskInput {
  id: string;
  group?: string;
  aimFrom?: string[];
  /** Finished earlier runs of the env (their directories and tasks) it aims from first: co-evolution's earlier rounds. */
  aimFromRuns?: EarlierRun[];
}

/** A finished earlier run a curriculum's tasks aim from: its directory and the tasks it rigged. */
export interface EarlierRun {
  runDirectory: string;
  taskIds: string[];
}

/** One task's rig configuration: the run's settings a task keeps, for this task. */
export function rigConfigOf(config: CurriculumConfig, task: Pick<TaskInfo, "id" | "group">): RigConfigInput {
  const settings = Object.fromEntries(
    rigTaskSettingNames.filter((name) => config[name] !== undefined).map((name) => [name, config[name]]),
  );
  return {
    ...settings,
    envId: config.env,
    taskId: task.id,
    group: task.group,
    target: config.target,
  } as RigConfigInput;
}

/**
 * Rig one task of a curriculum as its own thread in the run's checkpointer (resuming it
 * when the thread exists). A thread that starts afresh is given what was measured on the
 * tasks it aims from (`task.aimFromRuns`, then this run's `task.aimFrom`, read from their checkpoints). Used in this process and
 * by task processes alike.
 */
export async function rigCurriculumTask(
  config: CurriculumConfig,
  task: CurriculumTaskInput,
  runDirectory: string,
  dependencies: RigDependencies,
  signal?: AbortSignal,
): Promise<RigTaskResult> {
  const { saver, close } = openCheckpointer(runPaths(runDirectory).checkpointsOf(task.id));
  try {
    const sources = [...(task.aimFromRuns ?? []), { runDirectory, taskIds: task.aimFrom ?? [] }];
    const runMeasurements = async () =>
      (
        await Promise.all(
          sources.flatMap((source) =>
            source.taskIds.map((id) =>
              readTaskMeasurements(runPaths(source.runDirectory).checkpointsOf(id), config.env, id),
            ),
          ),
        )
      ).flat();
    return await rigTask(rigConfigOf(config, task), dependencies, saver, signal, runMeasurements);
  } finally {
    close();
  }
}
