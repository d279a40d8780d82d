import { mkdirSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { appendJsonLine, writeJsonAtomic } from "../core/atomic-write.js";
import type { EnvDefinition } from "../core/env-definition.js";
import type { TaskInfo } from "../core/task.js";
import { EnvriggerError } from "../core/errors.js";
import { parseWith } from "../core/validate.js";
import { tasksOf } from "../rollout/baseline.js";
import type { RigDependencies, RigEvent } from "../rigger/rig-dependencies.js";
import type { RigTaskResult } from "../rigger/rig-task.js";
import { curriculumConfigSchema, type CurriculumConfig, type CurriculumConfigInput } from "./curriculum-config.js";
import { summarizeCurriculum, type CurriculumSummary } from "./curriculum-summary.js";
import { rigCurriculumTask, type CurriculumTaskInput, type EarlierRun } from "./curriculum-task.js";
import { runPaths } from "../run-format/run-paths.js";
import { LocalRunBudget, type RunBudget } from "../rigger/run-budget.js";
import { isRigged, rigOrNotRigged, type CurriculumTaskRun, type NotRiggedTask } from "./not-rigged-task.js";
import { rolloutsSpentByRun } from "./rollouts-spent-by-run.js";
import { refuseExistingRun, resumedRunFile, writeRunFile } from "../run-format/run-file.js";

/** The result of a curriculum run (`result.json`, and the `curriculum --json` output). */
export interface CurriculumResult {
  runId: string;
  runDirectory: string;
  /** The tasks rigged, in task order. */
  tasks: RigTaskResult[];
  /** Tasks the run's budget (`--budget-total`) left unrigged, in task order (empty without one). */
  notRigged: NotRiggedTask[];
  summary: CurriculumSummary;
  durationMs: number;
}

/**
 * Builds the rig dependencies of one task of a curriculum (env, policy, designer, executor,
 * stores); the product's is `createRigDependencies` in `src/app/`.
 */
export type RigDependenciesFactory = (config: CurriculumConfig, runDirectory: string) => Promise<RigDependencies>;

/**
 * How tasks are executed: in this process, or in a pool of task processes. With a run
 * budget, every task's batches are granted by it (see `RunBudget`), and a task it leaves
 * without a first rollout comes back as not rigged.
 */
export interface CurriculumExecutor {
  run(
    config: CurriculumConfig,
    tasks: CurriculumTaskInput[],
    runDirectory: string,
    onDone: (result: CurriculumTaskRun) => void,
    budget?: RunBudget,
    /** Stops the run before its next task (and, in this process, its next graph step). */
    signal?: AbortSignal,
  ): Promise<CurriculumTaskRun[]>;
  close(): Promise<void>;
}

/** Options of {@link runCurriculum}. */
export interface RunCurriculumOptions {
  runDirectory: string;
  /** Continue the run stored in `runDirectory` (its run.json wins over `config`). */
  resume?: boolean;
  env: EnvDefinition;
  executor: CurriculumExecutor;
  onTaskDone?: (result: CurriculumTaskRun, done: number, total: number) => void;
  /** Stops the run before its next task or graph step (its checkpoints are kept: it resumes). */
  signal?: AbortSignal;
  /**
   * Finished earlier runs of the same env and policy line whose measurements every task aims
   * from too, before this run's (co-evolution's earlier rounds; with `aimLag` 0, none).
   */
  aimFromRuns?: EarlierRun[];
}

/**
 * Run the designer loop over every task of a split. Each task is one thread in the run's
 * SQLite checkpointer; the run's configuration is written first, events are appended line
 * by line, and `result.json` is written atomically at the end. With `resume`, finished
 * tasks return their stored results and interrupted ones continue where they stopped.
 */
export async function runCurriculum(
  input: CurriculumConfigInput,
  options: RunCurriculumOptions,
): Promise<CurriculumResult> {
  const started = performance.now();
  const paths = runPaths(options.runDirectory);
  let config: CurriculumConfig;
  if (options.resume) {
    config = resumedRunFile(curriculumConfigSchema, paths.config, "run");
  } else {
    refuseExistingRun(paths.config, options.runDirectory, "run");
    config = parseWith(curriculumConfigSchema, input, "curriculum configuration", "BAD_CONFIG");
  }
  // The tasks are resolved before anything is written: a refused run leaves no directory behind.
  const tasks = await selectedTasks(options.env, config);
  if (!options.resume) {
    mkdirSync(options.runDirectory, { recursive: true });
    writeRunFile(paths.config, config);
  }
  appendJsonLine(paths.events, {
    event: options.resume ? "resume" : "start",
    at: new Date().toISOString(),
    runId: config.runId,
    tasks: tasks.length,
  });
  // A resumed run's budget starts from what its checkpoints hold.
  const budget =
    config.budgetTotal === undefined
      ? undefined
      : new LocalRunBudget(
          config.budgetTotal,
          options.resume ? await rolloutsSpentByRun(options.runDirectory, config.env) : 0,
        );
  let done = 0;
  const runs = await options.executor.run(
    config,
    aimedTasks(tasks, config.aimLag, options.aimFromRuns ?? []),
    options.runDirectory,
    (result) => {
      done += 1;
      appendJsonLine(paths.events, {
        event: "task",
        at: new Date().toISOString(),
        taskId: result.taskId,
        outcome: result.outcome,
        ...(isRigged(result) ? { revisions: result.revisions } : { reason: result.reason }),
      });
      options.onTaskDone?.(result, done, tasks.length);
    },
    budget,
    options.signal,
  );
  const results = runs.filter(isRigged);
  const notRigged = runs.filter((run): run is NotRiggedTask => !isRigged(run));
  const result: CurriculumResult = {
    runId: config.runId,
    runDirectory: options.runDirectory,
    tasks: results,
    notRigged,
    summary: summarizeCurriculum(results, config.target, notRigged.length),
    durationMs: performance.now() - started,
  };
  writeJsonAtomic(paths.result, { ...result, config });
  appendJsonLine(paths.events, { event: "end", summary: result.summary });
  return result;
}

/**
 * The tasks in task order, each with the tasks it aims from: the earlier runs', then every
 * task at least `lag` before it (none with `lag` 0). Fixed by the order alone, whatever the lanes, so the same run aims
 * alike at any `--task-concurrency`, resumed or not.
 */
function aimedTasks(tasks: readonly TaskInfo[], lag: number, earlier: EarlierRun[]): CurriculumTaskInput[] {
  return tasks.map((task, position) => ({
    id: task.id,
    ...(task.group === undefined ? {} : { group: task.group }),
    ...(lag > 0 && earlier.length > 0 ? { aimFromRuns: earlier } : {}),
    ...(lag > 0 && position >= lag ? { aimFrom: tasks.slice(0, position - lag + 1).map((earlier) => earlier.id) } : {}),
  }));
}

/** The run's tasks: the split's, narrowed to `taskIds` when given (`UNKNOWN_TASK` naming any the split lacks). */
async function selectedTasks(env: EnvDefinition, config: CurriculumConfig): Promise<TaskInfo[]> {
  const tasks = await tasksOf(env, config.split);
  if (!config.taskIds) return tasks;
  const wanted = new Set(config.taskIds);
  const unknown = config.taskIds.filter((id) => !tasks.some((task) => task.id === id));
  if (unknown.length > 0)
    throw new EnvriggerError("UNKNOWN_TASK", `unknown task(s) for ${config.env}: ${unknown.join(", ")}`);
  return tasks.filter((task) => wanted.has(task.id));
}

/** Write a rig event as a line of the run's events log. */
export function eventLogger(runDirectory: string): (event: RigEvent) => void {
  const path = runPaths(runDirectory).events;
  return (event) => appendJsonLine(path, { event: "rig", at: new Date().toISOString(), ...event });
}

/**
 * Run tasks one after another in this thread, with dependencies built once per task by
 * `createDependencies` (fresh designer state per task).
 */
export function inProcessExecutor(createDependencies: RigDependenciesFactory): CurriculumExecutor {
  return {
    async run(config, tasks, runDirectory, onDone, budget, signal) {
      const results: CurriculumTaskRun[] = [];
      for (const task of tasks) {
        signal?.throwIfAborted();
        const dependencies = {
          ...(await createDependencies(config, runDirectory)),
          ...(budget ? { runBudget: budget } : {}),
        };
        const result = await rigOrNotRigged(task.id, () =>
          rigCurriculumTask(config, task, runDirectory, dependencies, signal),
        ).finally(() => dependencies.rollouts?.close());
        results.push(result);
        onDone(result);
      }
      return results;
    },
    async close() {},
  };
}
