import { EnvriggerError } from "../../../core/errors.js";
import type { Split, TaskInfo } from "../../../core/task.js";
import type { RepoTarget } from "../tasks/repo-target.js";
import { passToPassOf, type RepoTask, type RepoTaskFile } from "../tasks/repo-task.js";

/** The validated tasks of one or more repositories, with the target each runs on. */
export class RepoTaskCatalog {
  private readonly byId = new Map<string, { task: RepoTask; file: RepoTaskFile; target: RepoTarget }>();

  constructor(entries: ReadonlyArray<{ file: RepoTaskFile; target: RepoTarget }>) {
    for (const { file, target } of entries)
      for (const task of file.tasks) this.byId.set(task.id, { task, file, target });
  }

  /** Every task, in file order. */
  tasks(): RepoTask[] {
    return [...this.byId.values()].map((entry) => entry.task);
  }

  /** The tasks of a split as the env lists them (group: `<repo>/<source>`; no hidden content). */
  taskInfos(split: Split): TaskInfo[] {
    return this.tasks()
      .filter((task) => task.split === split)
      .map((task) => ({
        id: task.id,
        split: task.split,
        group: `${task.repo}/${task.source}`,
        instruction: task.statement.split("\n")[0],
      }));
  }

  /** A task with its target and its hidden test ids; `UNKNOWN_TASK` for an id not here. */
  lookup(id: string): { task: RepoTask; target: RepoTarget; hidden: string[] } {
    const entry = this.byId.get(id);
    if (!entry) {
      const known = [...this.byId.keys()];
      throw new EnvriggerError("UNKNOWN_TASK", `no repo task ${JSON.stringify(id)}`, {
        hint: `${known.length} tasks; e.g. ${known.slice(0, 3).join(", ")} (envrigger envs lists them)`,
      });
    }
    return {
      task: entry.task,
      target: entry.target,
      hidden: [...entry.task.failToPass, ...passToPassOf(entry.file, entry.task)],
    };
  }
}
