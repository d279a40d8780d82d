import { deriveSeed } from "../../core/seeding.js";
import type { BugFixTaskStore } from "./bugfix-task-store.js";
import { gradeSource } from "./grade-source.js";

/** Options of {@link validateTasks}. */
export interface ValidateTasksOptions {
  /** How many times each reference fix is graded. */
  runs: number;
  /** Simulated flake rate of the verifier (0 = deterministic). */
  flakeRate?: number;
  /** Seed of the simulated flakes. */
  seed?: number;
  /** Tasks to check; default every task. */
  taskIds?: string[];
}

/** A task whose reference fix failed at least once. */
export interface UnstableTask {
  taskId: string;
  /** Runs in which the reference fix did not pass every public and hidden test. */
  failedRuns: number;
}

/** The result of {@link validateTasks}. */
export interface TaskValidationReport {
  runs: number;
  checked: string[];
  /** Tasks to drop before training: their reference fix ever failed. */
  unstable: UnstableTask[];
}

/**
 * Validate tasks the way the source chapter recommends against flaky verifiers: grade
 * each task's reference fix `runs` times (through the same verifier as episodes, with the
 * simulated flake rate) and report every task that ever failed.
 */
export function validateTasks(store: BugFixTaskStore, options: ValidateTasksOptions): TaskValidationReport {
  const checked = options.taskIds ?? store.taskIds();
  const unstable: UnstableTask[] = [];
  for (const taskId of checked) {
    const task = store.task(taskId);
    let failedRuns = 0;
    for (let run = 0; run < options.runs; run++) {
      const grade = gradeSource(store, task, task.referenceSource, {
        rate: options.flakeRate ?? 0,
        seed: deriveSeed(options.seed ?? 0, "validate", taskId, run),
      });
      if (!grade.publicPass || !grade.hiddenPass) failedRuns += 1;
    }
    if (failedRuns > 0) unstable.push({ taskId, failedRuns });
  }
  return { runs: options.runs, checked: [...checked], unstable };
}
