import { resolve } from "node:path";
import { EnvriggerError, errorMessage, isEnvriggerError } from "../core/errors.js";
import { curriculumConfigSchema, type CurriculumConfig } from "../curriculum/curriculum-config.js";
import { curriculumConfigOf, type CurriculumSettingsInput } from "../curriculum/curriculum-settings.js";
import { differingSettings } from "../curriculum/differing-settings.js";
import type { CurriculumTaskRun, NotRiggedTask } from "../curriculum/not-rigged-task.js";
import type { CurriculumSummary } from "../curriculum/curriculum-summary.js";
import type { CurriculumExecutor, CurriculumResult, RigDependenciesFactory } from "../curriculum/run-curriculum.js";
import type { RigDependencies } from "../rigger/rig-dependencies.js";
import { promiseText } from "../rigger/promise-text.js";
import { rigSettingTable } from "../rigger/rig-settings.js";
import type { RigTaskResult } from "../rigger/rig-task.js";
import { runPaths } from "../run-format/run-paths.js";
import type { CurriculumWorkerInput } from "./curriculum-worker.js";
import { processExecutor } from "./process-executor.js";
import { defaultRunDirectory } from "./default-run-directory.js";
import { resumedRunFile } from "../run-format/run-file.js";

/** How a run is carried out, beside its settings: where, resumed or not, stopped how, watched how. */
export interface RunOptions {
  /** The run directory (default `<runsDir>/<env>-<policy>-<time>`, `runsDir` being `runs` under `cwd` unless set). */
  out?: string;
  /** Continue the run in this directory; settings given must agree with the run's own. */
  resume?: string;
  /** Run the rollouts on `envrigger worker` processes via the Redis queue at this URL. */
  queue?: string;
  /** Directory that relative paths (`out`, `resume`, `runsDir`, `candidatesDir`, `file:` plugins) are read from (default the process's). */
  cwd?: string;
  /** Stops the run between tasks and graph steps; its checkpoints are kept, so it resumes. */
  signal?: AbortSignal;
  /** Called as each task finishes. */
  onProgress?: (progress: CurriculumProgress) => void;
  /** Write the run's `report.html` at the end (default true). */
  report?: boolean;
  /** Called once the run's settings are known, before it starts (or resumes) spending rollouts. */
  onStart?: (start: { config: CurriculumConfig; runDirectory: string; resumed: boolean }) => void;
}

/** A finished task and how far the run is. */
export interface CurriculumProgress {
  task: CurriculumTaskRun;
  done: number;
  total: number;
}

/** One task's entry in a curriculum's result. */
export type CurriculumTaskEntry = Pick<
  RigTaskResult,
  | "taskId"
  | "outcome"
  | "baseline"
  | "accepted"
  | "revisions"
  | "candidate"
  | "diagnosis"
  | "best"
  | "error"
  | "rollouts"
  | "cost"
>;

/** What {@link curriculum} returns — and `envrigger curriculum --json` prints. */
export interface CurriculumRunResult {
  runId: string;
  runDirectory: string;
  /** The tasks rigged, in task order. */
  tasks: CurriculumTaskEntry[];
  /** Tasks the run's budget left unrigged, with the reason code. */
  notRigged: NotRiggedTask[];
  summary: CurriculumSummary;
  /** What the run promises an accepted or skipped task, and the settings that say it (see `promiseText`). */
  promise: {
    text: string;
    rule: CurriculumConfig["rule"];
    confidence: number;
    tolerance: number;
    stepsTolerance: number;
  };
  /** Path of the run's report.html (null when not asked for, or when writing it failed: see `warnings`). */
  report: string | null;
  /** What went wrong without failing the run (e.g. the report could not be written). */
  warnings: string[];
}

/** Options of {@link curriculum}: its settings (see `rigSettingTable`, `curriculumSettingTable`) and how to run. */
export type CurriculumOptions = Partial<CurriculumSettingsInput> & RunOptions;

const RUN_OPTIONS = new Set<string>(["out", "resume", "queue", "cwd", "signal", "onProgress", "report", "onStart"]);

/** The settings in `options` (what the caller gave; absent ones are not set). */
function settingsIn(options: CurriculumOptions): Partial<CurriculumSettingsInput> {
  return Object.fromEntries(
    Object.entries(options).filter(([key, value]) => !RUN_OPTIONS.has(key) && value !== undefined),
  ) as Partial<CurriculumSettingsInput>;
}

/** The stored run in `runDirectory`, refusing settings that differ from its own (exit 2 on the CLI). */
function resumedConfig(runDirectory: string, given: Partial<CurriculumSettingsInput>, cwd: string): CurriculumConfig {
  const config = resumedRunFile(curriculumConfigSchema, runPaths(runDirectory).config, "run");
  const compared =
    given.candidatesDir === undefined ? given : { ...given, candidatesDir: resolve(cwd, given.candidatesDir) };
  const differing = differingSettings(config, compared);
  if (differing.length > 0) {
    const describe = ({ flag, stored, given }: (typeof differing)[number]) =>
      `${flag} (the run has ${JSON.stringify(stored)}, given ${JSON.stringify(given)})`;
    throw new EnvriggerError(
      "BAD_ARGUMENT",
      `cannot resume ${config.runId} with different arguments: ${differing.map(describe).join("; ")}`,
      { hint: "resume with no run options (the run keeps its own), or start a new run with --out" },
    );
  }
  // How many episodes run at once never changes the results: a resumed run may choose anew.
  return given.rolloutConcurrency === undefined ? config : { ...config, rolloutConcurrency: given.rolloutConcurrency };
}

/**
 * Rig every task of a split (or the `taskIds` given): the designer loop per task, each
 * task a thread in the run's checkpointer, resumable. Writes the run directory (run.json,
 * events.jsonl, checkpoints/, result.json, report.html) and returns what
 * `envrigger curriculum --json` prints. With `taskConcurrency` above 1 the task processes
 * start first, so they load the rig code while this process loads its own.
 *
 * @example
 * const run = await curriculum({ env: "bugfix", policy: "hasty", band: [0.4, 0.6], taskConcurrency: 2 });
 * console.log(run.summary.accepted, "of", run.summary.tasks);
 */
export async function curriculum(options: CurriculumOptions): Promise<CurriculumRunResult> {
  const lanes = options.taskConcurrency ?? 1;
  const queue = options.queue;
  const cwd = options.cwd ?? process.cwd();
  // A new run's dependencies, built before anything is written (so bad settings fail early),
  // serve the first task rigged in this process; every later task has its own.
  let built: RigDependencies | undefined;
  const rigDependencies: RigDependenciesFactory = async (config, directory) => {
    const first = built;
    built = undefined;
    return (
      first ?? (await import("./create-rig-dependencies.js")).createRigDependencies(config, directory, { queue, cwd })
    );
  };
  const rigHere = async (input: CurriculumWorkerInput, budget?: Parameters<CurriculumExecutor["run"]>[4]) =>
    (await import("./curriculum-worker.js")).default(
      { ...input, ...(queue ? { queue } : {}) },
      budget,
      rigDependencies,
    );
  const pool = lanes > 1 ? processExecutor(lanes, { local: rigHere, queue }) : null;
  try {
    const { inProcessExecutor, runCurriculum } = await import("../curriculum/run-curriculum.js");
    const prepared = await preparedRun(options, cwd);
    const { config, runDirectory, env } = prepared;
    built = prepared.dependencies;
    const executor = pool ?? inProcessExecutor(rigDependencies);
    const result = await runCurriculum(config, {
      runDirectory,
      resume: options.resume !== undefined,
      env,
      executor,
      ...(options.signal ? { signal: options.signal } : {}),
      onTaskDone: (task, done, total) => options.onProgress?.({ task, done, total }),
    })
      .catch((error: unknown) => {
        throw stoppedRunError(error, config, runDirectory, options.signal);
      })
      .finally(() => executor.close());
    return await runResultOf(result, config, options.report !== false);
  } finally {
    await pool?.close();
    // Built for a run that rigged nothing here (stopped early, or every task in a task process).
    await built?.rollouts?.close();
  }
}

/**
 * The run's settings (new or resumed), its directory and env; a new run's rig dependencies are
 * built first (a bad env, policy, designer or weakness, or an unreachable queue, fails before
 * anything is written) and returned for its first task.
 */
async function preparedRun(options: CurriculumOptions, cwd: string) {
  const [{ createRigDependencies }, { resolveEnv }] = await Promise.all([
    import("./create-rig-dependencies.js"),
    import("../bridges/env-registry.js"),
  ]);
  const given = settingsIn(options);
  const chosen = options.resume ?? options.out;
  const runDirectory =
    chosen === undefined
      ? defaultRunDirectory(
          options.env ?? "env",
          options.policy ?? "policy",
          resolve(cwd, rigSettingTable.runsDir.schema.parse(given.runsDir)),
        )
      : resolve(cwd, chosen);
  let config: CurriculumConfig;
  let dependencies: RigDependencies | undefined;
  if (options.resume !== undefined) {
    config = resumedConfig(runDirectory, given, cwd);
  } else {
    if (!options.env) throw new EnvriggerError("BAD_ARGUMENT", "--env is required (or --resume runs/<id>)");
    if (!options.policy) throw new EnvriggerError("BAD_ARGUMENT", "--policy is required (or --resume runs/<id>)");
    config = curriculumConfigOf({ ...given, env: options.env, policy: options.policy }, runDirectory, cwd);
    dependencies = await createRigDependencies(config, runDirectory, { queue: options.queue, cwd });
  }
  try {
    options.signal?.throwIfAborted();
    options.onStart?.({ config, runDirectory, resumed: options.resume !== undefined });
    return { config, runDirectory, env: await resolveEnv(config.env, cwd), dependencies };
  } catch (error) {
    await dependencies?.rollouts?.close();
    throw error;
  }
}

/** A failure of the run as the caller should see it: a stop (`ABORTED`) or an outage says how to resume. */
function stoppedRunError(
  error: unknown,
  config: CurriculumConfig,
  runDirectory: string,
  signal: AbortSignal | undefined,
): unknown {
  if (signal?.aborted) {
    return new EnvriggerError("ABORTED", `the run ${config.runId} was stopped`, {
      hint: `its checkpoints are kept: continue with --resume ${runDirectory}`,
      cause: error,
    });
  }
  if (isEnvriggerError(error, "PROVIDER_UNAVAILABLE")) {
    // The run stopped on purpose: say how to continue it once the endpoint is fixed.
    return new EnvriggerError("PROVIDER_UNAVAILABLE", `${error.message.split("\n")[0]}`, {
      hint: `${error.hint ?? "fix the provider"}; the run stopped with its checkpoints kept: continue with --resume ${runDirectory}`,
      cause: error,
    });
  }
  return error;
}

/** What {@link curriculum} returns for a finished run; writes the report (a failure is a warning). */
async function runResultOf(
  result: CurriculumResult,
  config: CurriculumConfig,
  writeReport: boolean,
): Promise<CurriculumRunResult> {
  // The run's record is complete; a report that fails is a warning, not a failed run.
  const warnings: string[] = [];
  let report: string | null = null;
  if (writeReport) {
    try {
      report = (await (await import("../report/write-run-report.js")).writeRunReport(result.runDirectory)).path;
    } catch (error) {
      warnings.push(`the run's report.html was not written: ${errorMessage(error)}`);
    }
  }
  return {
    runId: result.runId,
    runDirectory: result.runDirectory,
    tasks: result.tasks.map(
      ({ taskId, outcome, baseline, accepted, revisions, candidate, diagnosis, best, error, rollouts, cost }) => ({
        taskId,
        outcome,
        baseline,
        accepted,
        revisions,
        candidate,
        diagnosis,
        best,
        error,
        rollouts,
        cost,
      }),
    ),
    notRigged: result.notRigged,
    summary: result.summary,
    promise: {
      text: promiseText(config),
      rule: config.rule,
      confidence: config.confidence,
      tolerance: config.tolerance,
      stepsTolerance: config.stepsTolerance,
    },
    report,
    warnings,
  };
}
