import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { EnvriggerError, errorMessage } from "../../core/errors.js";
import { packageFile } from "../../core/package-root.js";
import { hashString } from "../../core/seeding.js";
import type { Split, TaskInfo } from "../../core/task.js";
import { parseWith } from "../../core/validate.js";
import { miniwobCatalogFileSchema, type MiniwobCatalogFile } from "./miniwob-catalog-file.js";

/** The bundled MiniWoB++ pages (`data/miniwob/html`, MIT, Farama Foundation). */
export function miniwobDataDirectory(): string {
  return `${packageFile("data", "miniwob")}/`;
}

/** The `file://` URL of a task page. */
export function miniwobTaskUrl(taskId: string, dataDirectory: string = miniwobDataDirectory()): string {
  return pathToFileURL(`${dataDirectory}html/miniwob/${taskId}.html`).href;
}

/**
 * A task's split from a stable hash of its name: one in five is held out (FNV-1a of the id,
 * modulo 5, equal to 0). Adding or dropping other tasks never moves a task between splits.
 */
export function miniwobSplitOf(taskId: string): Split {
  return hashString(`miniwob:${taskId}`) % 5 === 0 ? "heldout" : "train";
}

/** A task's group: its family, the id's first word (`click`, `enter`, `email`, …). */
export function miniwobGroupOf(taskId: string): string {
  return taskId.split("-")[0] ?? taskId;
}

/** The listed tasks and the excluded ones, read from `data/miniwob/catalog.json`. */
export class MiniwobTaskCatalog {
  private readonly ids: ReadonlySet<string>;

  constructor(readonly file: MiniwobCatalogFile) {
    this.ids = new Set(file.tasks.map((task) => task.id));
  }

  /** Read and check the catalogue file (`BAD_CONFIG` when it is missing or malformed). */
  static read(path: string = `${miniwobDataDirectory()}catalog.json`): MiniwobTaskCatalog {
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch (error) {
      throw new EnvriggerError(
        "FILE_NOT_FOUND",
        `the MiniWoB++ catalogue ${path} cannot be read: ${errorMessage(error)}`,
        {
          hint: "it ships in data/miniwob/; regenerate it with `node --no-node-snapshot --import tsx scripts/probe-miniwob-catalog.ts`",
        },
      );
    }
    return new MiniwobTaskCatalog(
      parseWith(miniwobCatalogFileSchema, JSON.parse(text), "data/miniwob/catalog.json", "BAD_CONFIG"),
    );
  }

  /** Throws `UNKNOWN_TASK` (saying why, for an excluded task) unless the task is listed. */
  assertListed(taskId: string): void {
    if (this.ids.has(taskId)) return;
    const excluded = this.file.excluded.find((task) => task.id === taskId);
    if (excluded)
      throw new EnvriggerError(
        "UNKNOWN_TASK",
        `miniwob task "${taskId}" is excluded (${excluded.category}): ${excluded.reason}`,
      );
    throw new EnvriggerError("UNKNOWN_TASK", `no miniwob task "${taskId}"`, {
      hint: `tasks are MiniWoB++ page names such as click-button or enter-text (${this.ids.size} listed; see \`envrigger envs\`)`,
    });
  }

  /** The listed tasks of a split, in catalogue order. */
  listTasks(split: Split): TaskInfo[] {
    return this.file.tasks
      .filter((task) => miniwobSplitOf(task.id) === split)
      .map((task) => ({ id: task.id, split, group: miniwobGroupOf(task.id), instruction: task.example }));
  }
}
