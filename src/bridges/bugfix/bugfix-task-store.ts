import { EnvriggerError } from "../../core/errors.js";
import type { TestOutcome } from "../../sandbox/task-code/task-code-types.js";
import type { BugFixTask } from "./bugfix-task.js";
import { compactProjection } from "./compact-projection.js";
import { generateTask } from "./generate-task.js";
import type { SourceTestRunner } from "./source-test-runner.js";
import { bugFixCatalog, type BugFixCatalogEntry } from "./task-catalog.js";
import { formatTestReport } from "./test-report.js";

/** Options of {@link BugFixTaskStore}. */
export interface BugFixTaskStoreOptions {
  /** Fixes every task's tests (independent of episode seeds). */
  taskSeed: number;
  /** Returns the code runner (called lazily, on the first task generation or test run). */
  runner: () => SourceTestRunner;
  /** Distinct sources remembered per task (oldest forgotten first). Default 512. */
  sourceCacheSize?: number;
}

/** What the store remembers about one source of one task. */
interface SourceResults {
  publicOutcomes?: TestOutcome[];
  hiddenOutcomes?: TestOutcome[];
  publicReport?: string;
  projection?: string;
}

/**
 * The generated tasks of one `taskSeed` and everything derived from a (task, source) pair:
 * test outcomes, the `test` report and the `read` projection. Tasks are generated on first
 * use; results are memoized per source, so a step on an unchanged source never reaches the
 * sandbox. Several envs may share one store (it holds no episode state).
 */
export class BugFixTaskStore {
  readonly taskSeed: number;
  private readonly entries = new Map<string, BugFixCatalogEntry>();
  private readonly tasks = new Map<string, BugFixTask>();
  private readonly results = new Map<string, Map<string, SourceResults>>();
  private readonly sourceCacheSize: number;

  constructor(private readonly options: BugFixTaskStoreOptions) {
    this.taskSeed = options.taskSeed;
    this.sourceCacheSize = options.sourceCacheSize ?? 512;
    for (const entry of bugFixCatalog()) this.entries.set(entry.id, entry);
  }

  /** All task ids, in catalog order. */
  taskIds(): string[] {
    return [...this.entries.keys()];
  }

  /** The task with this id (generated on first use); throws `UNKNOWN_TASK` for an unknown id. */
  task(taskId: string): BugFixTask {
    const known = this.tasks.get(taskId);
    if (known) return known;
    const entry = this.entries.get(taskId);
    if (!entry) {
      throw new EnvriggerError("UNKNOWN_TASK", `bugfix has no task "${taskId}"`, {
        hint: `task ids are <family>-<variant>, e.g. ${this.taskIds().slice(0, 3).join(", ")}`,
      });
    }
    const task = generateTask(entry, this.taskSeed, this.options.runner());
    this.tasks.set(taskId, task);
    return task;
  }

  /** Outcomes of the task's public tests on `source`. */
  publicOutcomes(task: BugFixTask, source: string): TestOutcome[] {
    const cached = this.cached(task, source);
    cached.publicOutcomes ??= this.options.runner().runTests(source, task.functionName, task.publicTests);
    return cached.publicOutcomes;
  }

  /** Outcomes of the task's hidden tests on `source` (for the verifier only). */
  hiddenOutcomes(task: BugFixTask, source: string): TestOutcome[] {
    const cached = this.cached(task, source);
    cached.hiddenOutcomes ??= this.options.runner().runTests(source, task.functionName, task.hiddenTests);
    return cached.hiddenOutcomes;
  }

  /** The `test` tool's report of the public tests on `source`. */
  publicReport(task: BugFixTask, source: string): string {
    const cached = this.cached(task, source);
    cached.publicReport ??= formatTestReport(task.publicTests, this.publicOutcomes(task, source));
    return cached.publicReport;
  }

  /** The compact projection of `source` (without its label). */
  projection(task: BugFixTask, source: string): string {
    const cached = this.cached(task, source);
    cached.projection ??= compactProjection(source);
    return cached.projection;
  }

  private cached(task: BugFixTask, source: string): SourceResults {
    let bySource = this.results.get(task.id);
    if (!bySource) {
      bySource = new Map();
      this.results.set(task.id, bySource);
    }
    let results = bySource.get(source);
    if (!results) {
      results = {};
      bySource.set(source, results);
      if (bySource.size > this.sourceCacheSize) bySource.delete(bySource.keys().next().value as string);
    }
    return results;
  }
}
