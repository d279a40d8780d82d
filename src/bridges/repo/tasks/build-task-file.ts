import { buildHistoricalTasks } from "./build-historical-tasks.js";
import { buildInjectedTasks } from "./build-injected-tasks.js";
import type { BuildProgress } from "./build-event.js";
import type { RepoTarget } from "./repo-target.js";
import type { RepoTaskFile } from "./repo-task.js";
import type { TreeRunOptions } from "./tree-runs.js";

/** How many tasks of each source to build for one repository. */
export interface TaskFileBuildOptions extends TreeRunOptions {
  historical: { tasks: number; attempts: number };
  injected: { tasks: number; attempts: number };
  /** Validation runs per tree (default 3). */
  runs?: number;
  seed?: number;
  progress?: BuildProgress;
}

/**
 * Build and validate a repository's tasks, both sources: historical fixes from its
 * history, injected bugs at its commit. Validation results are cached per tree, so a
 * rebuild runs only what changed.
 */
export async function buildTaskFile(target: RepoTarget, options: TaskFileBuildOptions): Promise<RepoTaskFile> {
  const runs = options.runs ?? 3;
  const common = { isolation: options.isolation, cacheDir: options.cacheDir, runs, progress: options.progress };
  const historical =
    options.historical.tasks > 0
      ? await buildHistoricalTasks(target, { ...common, ...options.historical })
      : { baselines: {}, tasks: [], dropped: [] };
  const injected =
    options.injected.tasks > 0
      ? await buildInjectedTasks(target, { ...common, ...options.injected, seed: options.seed ?? 0 })
      : { baseline: [], flaky: [], tasks: [], dropped: [] };
  return {
    version: 1,
    repo: target.name,
    commit: target.commit,
    validation: { runs, flakyDropped: injected.flaky, dropped: [...historical.dropped, ...injected.dropped] },
    baselines: {
      ...historical.baselines,
      ...(injected.tasks.length > 0 ? { [target.commit]: injected.baseline } : {}),
    },
    tasks: [...historical.tasks, ...injected.tasks],
  };
}
