import { createHash } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { EnvriggerError } from "../../core/errors.js";
import type { Isolation } from "../../sandbox/process/index.js";
import { repoCacheDirectory } from "./cache/index.js";
import { resolveRepoSpec } from "./repo-spec/resolve-repo-spec.js";
import type { BuildProgress, DroppedCandidate } from "./tasks/build-event.js";
import type { RepoTarget } from "./tasks/repo-target.js";
import type { RepoTaskFile } from "./tasks/repo-task.js";
import { readTaskFile, taskFilePath, writeTaskFile } from "./tasks/task-file-store.js";

/** How a `repo:` spec's tasks are built. */
export interface SpecTasksOptions {
  /** The directory a relative spec path is read from (default the process's). */
  cwd?: string;
  /** The cache directory (default `repoCacheDirectory()`). */
  cacheDir?: string;
  /** The sandbox validation runs use (default `bwrap`; `none-explicit` runs the suite unconfined). */
  isolation?: Isolation;
  /** Told of every candidate as it is tried. */
  progress?: BuildProgress;
  /** Build again even when a task file for these settings is cached. */
  rebuild?: boolean;
}

/** A spec's tasks: the target, the task file and where it is kept. */
export interface SpecTasks {
  target: RepoTarget;
  file: RepoTaskFile;
  /** The cached task file (by repository, commit and settings). */
  taskFile: string;
  /** True when the file was read from the cache, not built now. */
  fromCache: boolean;
}

/** `3 no-failing-test, 1 flaky`: the drop reasons of a build, counted. */
export function dropSummary(dropped: readonly DroppedCandidate[]): string {
  const counts = new Map<string, number>();
  for (const entry of dropped) counts.set(entry.reason, (counts.get(entry.reason) ?? 0) + 1);
  return [...counts].map(([reason, count]) => `${count} ${reason}`).join(", ") || "none tried";
}

/**
 * The validated tasks of `repo:<dir or bundle>[?…]`: read from the cache when this
 * repository, commit and settings were built before, else built now (every candidate
 * reported through `progress`) and cached. A build that keeps no task is an error that
 * says why each candidate was dropped, and is not cached.
 */
export async function specTasks(spec: string, options: SpecTasksOptions = {}): Promise<SpecTasks> {
  const resolved = await resolveRepoSpec(spec, options);
  const key = createHash("sha256").update(JSON.stringify(resolved)).digest("hex").slice(0, 16);
  const directory = path.join(repoCacheDirectory(options.cacheDir), "repo-tasks");
  const taskFile = taskFilePath(directory, `${resolved.target.name}-${key}`);
  const cached = !options.rebuild && existsSync(taskFile) ? readTaskFile(taskFile) : null;
  if (cached && cached.tasks.length > 0) return { target: resolved.target, file: cached, taskFile, fromCache: true };
  const { buildTaskFile } = await import("./tasks/build-task-file.js");
  const file = await buildTaskFile(resolved.target, {
    isolation: options.isolation ?? "bwrap",
    cacheDir: options.cacheDir,
    progress: options.progress,
    historical: { tasks: resolved.historical, attempts: resolved.historical * 4 + 4 },
    injected: { tasks: resolved.injected, attempts: resolved.injected * 3 + 6 },
  });
  if (file.tasks.length === 0) {
    const dropped = file.validation.dropped ?? [];
    throw new EnvriggerError("NO_TASKS", `no task could be built from ${spec}: ${dropSummary(dropped)}`, {
      hint: "`envrigger repo build <spec>` lists every candidate and why it was dropped; raise historical=/injected=, or point sources= at the code the tests exercise",
    });
  }
  mkdirSync(directory, { recursive: true });
  writeTaskFile(taskFile, file);
  return { target: resolved.target, file, taskFile, fromCache: false };
}
