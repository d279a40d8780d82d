import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { EnvriggerError, errorMessage } from "../../core/errors.js";
import type { JsonObject } from "../../core/json.js";
import { splitSelectionSchema, type SplitSelection } from "../../core/task.js";
import { parseJsonText, parseWith } from "../../core/validate.js";
import { curriculumConfigSchema, type CurriculumConfig } from "../../curriculum/curriculum-config.js";
import { runPaths } from "../../curriculum/run-paths.js";
import type { CurriculumExecutor, CurriculumResult } from "../../curriculum/run-curriculum.js";
import type { CurriculumWorkerInput } from "../../curriculum/curriculum-worker.js";
import { processExecutor } from "../../curriculum/process-executor.js";
import type { RigTaskResult } from "../../rigger/rig-task.js";
import type { CliIo } from "../cli-io.js";
import { rolloutConcurrencyOf } from "../rollout-options.js";
import { fixed, formatTable } from "../format-table.js";
import { parseChoice, parseInteger } from "../parse-arguments.js";
import { createProgress } from "../progress.js";
import { targetFromOptions, type TargetOptions } from "../target-options.js";

/** Raw options of `envrigger curriculum` (and `rig`). */
export interface CurriculumCommandOptions extends TargetOptions {
  env?: string;
  split?: string;
  task?: string;
  policy?: string;
  designer?: string;
  k?: string;
  kMax?: string;
  revisions?: string;
  seed?: string;
  concurrency?: string;
  out?: string;
  resume?: string;
  candidates?: string;
  reward?: string;
  rolloutConcurrency?: string;
  queue?: string;
  json?: boolean;
}

/** The `curriculum --json` object. */
export interface CurriculumJson {
  runId: string;
  runDirectory: string;
  tasks: Array<Pick<RigTaskResult, "taskId" | "outcome" | "baseline" | "accepted" | "revisions" | "candidate" | "diagnosis" | "best">>;
  summary: CurriculumResult["summary"];
  /** Path of the run's report.html (null when writing it failed; a warning says why). */
  report: string | null;
}

function defaultRunId(env: string, policy: string): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*$/, "").replace("T", "-");
  return `${env.replace(/[^A-Za-z0-9]+/g, "_")}-${policy.replace(/[^A-Za-z0-9]+/g, "_")}-${stamp}`;
}

/** Render a curriculum result as a table plus where the outputs went. */
export function formatCurriculum(result: CurriculumResult): string {
  const rate = (summary: RigTaskResult["baseline"] | null) => (summary ? `${fixed(summary.successRate)} (n=${summary.episodes})` : "-");
  const rows = result.tasks.map((task) => [task.taskId, task.outcome, rate(task.baseline), rate(task.accepted ?? task.best), task.revisions]);
  const { summary } = result;
  return (
    formatTable(["task", "outcome", "baseline success", "after", "revisions"], rows) +
    `\n${summary.accepted} accepted, ${summary.rejected} rejected, ${summary.skipped} skipped of ${summary.tasks} tasks; ` +
    `in band before ${summary.inBandBefore}/${summary.tasks}, after ${summary.inBandAfter}/${summary.tasks} (validation estimates)\n` +
    `run: ${result.runDirectory} (run.json, result.json, events.jsonl, checkpoints/)\n`
  );
}

/** Rig one task in this process (the local lane), loading the rig code on first use. */
async function rigHere(input: CurriculumWorkerInput): Promise<RigTaskResult> {
  return (await import("../../curriculum/curriculum-worker.js")).default(input);
}

/**
 * `envrigger curriculum`: the designer loop over every task of a split, resumable. With
 * `--concurrency N > 1` the task processes start first, so they load the rig code (the
 * TypeScript compiler, LangGraph: about a second) while this process loads its own copy.
 */
export async function curriculumCommand(options: CurriculumCommandOptions, io: CliIo): Promise<CurriculumResult> {
  const concurrency = parseInteger(options.concurrency ?? "1", "--concurrency", 1);
  const queue = options.queue;
  const pool = concurrency > 1 ? processExecutor(concurrency, { local: (input) => rigHere({ ...input, ...(queue ? { queue } : {}) }), queue }) : null;
  try {
    return await runCurriculumCommand(options, pool, io);
  } finally {
    await pool?.close();
  }
}

async function runCurriculumCommand(options: CurriculumCommandOptions, pool: CurriculumExecutor | null, io: CliIo): Promise<CurriculumResult> {
  const [{ createRigDependencies }, { inProcessExecutor, runCurriculum }, { resolveEnv }] = await Promise.all([
    import("../../curriculum/create-rig-dependencies.js"),
    import("../../curriculum/run-curriculum.js"),
    import("../../bridges/env-registry.js"),
  ]);
  const resume = options.resume !== undefined;
  const runDirectory = resolve(io.cwd, options.resume ?? options.out ?? join("runs", defaultRunId(options.env ?? "env", options.policy ?? "policy")));
  let config: CurriculumConfig;
  if (resume) {
    const path = runPaths(runDirectory).config;
    if (!existsSync(path)) throw new EnvriggerError("BAD_ARGUMENT", `cannot resume: ${path} does not exist`, { hint: "pass the directory of an earlier run (runs/<id>)" });
    config = parseJsonText(curriculumConfigSchema, readFileSync(path, "utf8"), path);
    // How many episodes run at once never changes the results: a resumed run may choose anew.
    if (options.rolloutConcurrency !== undefined) config = { ...config, rolloutConcurrency: rolloutConcurrencyOf(options, config.policy, config.env) };
  } else {
    if (!options.env) throw new EnvriggerError("BAD_ARGUMENT", "--env is required (or --resume runs/<id>)");
    if (!options.policy) throw new EnvriggerError("BAD_ARGUMENT", "--policy is required (or --resume runs/<id>)");
    const envOptions: JsonObject = {};
    if (options.reward !== undefined) envOptions.reward = parseChoice(options.reward, "--reward", ["hidden", "public"] as const);
    config = parseWith(curriculumConfigSchema, {
      version: 1,
      runId: runDirectory.split(/[\\/]/).at(-1)!,
      env: options.env,
      envOptions,
      split: parseChoice(options.split ?? "train", "--split", splitSelectionSchema.options) as SplitSelection,
      taskIds: options.task?.split(",").map((id) => id.trim()).filter(Boolean),
      policy: options.policy,
      designer: options.designer ?? "heuristic",
      target: targetFromOptions(options),
      k: parseInteger(options.k ?? "5", "--k", 1),
      kMax: parseInteger(options.kMax ?? "40", "--k-max", 1),
      revisions: parseInteger(options.revisions ?? "5", "--revisions", 0),
      seed: parseInteger(options.seed ?? "0", "--seed"),
      rolloutConcurrency: rolloutConcurrencyOf(options, options.policy, options.env),
      candidatesDir: resolve(io.cwd, options.candidates ?? "harness-candidates"),
    }, "curriculum options", "BAD_ARGUMENT");
    // Fail on a bad env, policy, designer or weakness — or an unreachable queue — before anything is written.
    await (await createRigDependencies(config, runDirectory, { logEvents: false, queue: options.queue })).rollouts?.close();
  }
  const env = await resolveEnv(config.env, io.cwd);
  const queue = options.queue;
  const executor = pool ?? inProcessExecutor((config, directory) => createRigDependencies(config, directory, { queue }));
  const progress = createProgress(io, !options.json);
  let started = false;
  try {
    const result = await runCurriculum(config, {
      runDirectory,
      resume,
      env,
      executor,
      onTaskDone: (_result, done, total) => {
        if (!started) progress.start(total, "tasks");
        started = true;
        progress.update(done);
      },
    });
    progress.stop();
    // The run's record is complete; a report that fails is a warning, not a failed run.
    let report: string | null = null;
    try {
      report = (await (await import("../../report/write-run-report.js")).writeRunReport(result.runDirectory)).path;
    } catch (error) {
      io.stderr(`warning: the run's report.html was not written: ${errorMessage(error)}\n`);
    }
    if (options.json) {
      const json: CurriculumJson = {
        runId: result.runId,
        runDirectory: result.runDirectory,
        tasks: result.tasks.map(({ taskId, outcome, baseline, accepted, revisions, candidate, diagnosis, best }) => ({ taskId, outcome, baseline, accepted, revisions, candidate, diagnosis, best })),
        summary: result.summary,
        report,
      };
      io.stdout(`${JSON.stringify(json)}\n`);
    } else {
      io.stdout(formatCurriculum(result) + (report ? `report: ${report}\n` : ""));
    }
    return result;
  } finally {
    progress.stop();
    await executor.close();
  }
}
