import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { readCheckpointedTasks } from "../rigger/read-checkpointed-tasks.js";
import { runPaths } from "../run-format/run-paths.js";

/**
 * Rollouts a run's checkpoints hold as spent, summed over its tasks (each task's `cost`):
 * where a resumed run's budget starts. A measurement killed before its checkpoint was
 * written is not in it — the resumed task runs that measurement again and counts it then.
 */
export async function rolloutsSpentByRun(runDirectory: string, envId: string): Promise<number> {
  const directory = dirname(runPaths(runDirectory).checkpointsOf("task"));
  if (!existsSync(directory)) return 0;
  const files = readdirSync(directory)
    .filter((name) => name.endsWith(".sqlite"))
    .map((name) => join(directory, name));
  const tasks = await readCheckpointedTasks(files, envId);
  return tasks.reduce((sum, task) => sum + (task.cost?.rollouts ?? 0), 0);
}
