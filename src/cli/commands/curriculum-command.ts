import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { EnvriggerError, errorMessage, isEnvriggerError } from "../../core/errors.js";
import type { JsonObject } from "../../core/json.js";
import { splitSelectionSchema, type SplitSelection } from "../../core/task.js";
import { parseJsonText, parseWith } from "../../core/validate.js";
import { curriculumConfigSchema, type CurriculumConfig } from "../../curriculum/curriculum-config.js";
import { runPaths } from "../../run-format/run-paths.js";
import type { CurriculumExecutor, CurriculumResult } from "../../curriculum/run-curriculum.js";
import type { CurriculumWorkerInput } from "../../app/curriculum-worker.js";
import { processExecutor } from "../../app/process-executor.js";
import type { RigTaskResult } from "../../rigger/rig-task.js";
import type { RunBudget } from "../../rigger/run-budget.js";
import type { CliIo } from "../cli-io.js";
import { rolloutConcurrencyOf } from "../rollout-options.js";
import { fixed, formatTable } from "../format-table.js";
import { COST_HEADER, costCells, formatRunCost } from "../format-cost.js";
import { parseChoice, parseDecimal, parseInteger, parseProbability } from "../parse-arguments.js";
import { DEFAULT_DECISION_POLICY, decisionRules } from "../../rigger/decision-rule.js";
import { promiseText } from "../../rigger/promise-text.js";
import { createProgress } from "../progress.js";
import { targetFromOptions, type TargetOptions } from "../target-options.js";
import { parseEnvOptions } from "../env-options.js";

/** Raw options of `envrigger curriculum` (and `rig`). */
export interface CurriculumCommandOptions extends TargetOptions {
  env?: string;
  split?: string;
  task?: string;
  policy?: string;
  designer?: string;
  k?: string;
  kMax?: string;
  /** `--budget-rollouts N`: rollouts per task in all. */
  budgetRollouts?: string;
  /** `--budget-total N`: rollouts of the whole run, all tasks and lanes. */
  budgetTotal?: string;
  confidence?: string;
  checkRollouts?: string;
  tolerance?: string;
  rule?: string;
  stepsTolerance?: string;
  confirmationEpisodes?: string;
  callTimeout?: string;
  revisions?: string;
  seed?: string;
  concurrency?: string;
  out?: string;
  resume?: string;
  candidates?: string;
  reward?: string;
  /** `--env-option key=value`, each occurrence. */
  envOption?: string[];
  rolloutConcurrency?: string;
  queue?: string;
  json?: boolean;
  /** The options given on the command line (camel-case keys); a resume refuses those that differ from the run's. */
  explicit?: string[];
}

/** The `curriculum --json` object. */
export interface CurriculumJson {
  runId: string;
  runDirectory: string;
  tasks: Array<
    Pick<
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
    >
  >;
  /** Tasks the run's budget left unrigged, with the reason code. */
  notRigged: CurriculumResult["notRigged"];
  summary: CurriculumResult["summary"];
  /** What the run promises an accepted or skipped task, and the settings that say it (see `promiseText`). */
  promise: {
    text: string;
    rule: CurriculumConfig["rule"];
    confidence: number;
    tolerance: number;
    stepsTolerance: number;
  };
  /** Path of the run's report.html (null when writing it failed; a warning says why). */
  report: string | null;
}

function defaultRunId(env: string, policy: string): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*$/, "").replace("T", "-");
  return `${env.replace(/[^A-Za-z0-9]+/g, "_")}-${policy.replace(/[^A-Za-z0-9]+/g, "_")}-${stamp}`;
}

/** Render a curriculum result as a table plus where the outputs went. */
export function formatCurriculum(result: CurriculumResult): string {
  const rate = (summary: RigTaskResult["baseline"] | null) =>
    summary ? `${fixed(summary.successRate)} (n=${summary.episodes})` : "-";
  const rows = result.tasks.map((task) => [
    task.taskId,
    task.outcome,
    rate(task.baseline),
    rate(task.accepted ?? task.best),
    task.revisions,
    ...costCells(task.cost),
  ]);
  const { summary } = result;
  const notRigged = result.notRigged.map((task) => `${task.taskId}: not rigged [${task.reason}] ${task.message}\n`);
  const failures = result.tasks
    .filter((task) => task.error)
    .map((task) => `${task.taskId}: the designer failed [${task.error!.code}] ${task.error!.message.split("\n")[0]}\n`);
  return (
    formatTable(["task", "outcome", "baseline success", "after", "revisions", ...COST_HEADER], rows) +
    failures.join("") +
    notRigged.join("") +
    `\n${summary.accepted} accepted, ${summary.rejected} rejected, ${summary.skipped} skipped of ${summary.tasks} tasks` +
    (summary.notRigged > 0 ? ` (${summary.notRigged} more not rigged: the run's budget was spent)` : "") +
    "; " +
    `in band before ${summary.inBandBefore}/${summary.tasks}, after ${summary.inBandAfter}/${summary.tasks} (validation estimates)\n` +
    formatRunCost(summary.cost) +
    `run: ${result.runDirectory} (run.json, result.json, events.jsonl, checkpoints/)\n`
  );
}

/** The run configuration the options ask for (defaults where an option is absent). */
function configFromOptions(
  options: CurriculumCommandOptions & { env: string; policy: string },
  runDirectory: string,
  cwd: string,
): CurriculumConfig {
  const envOptions: JsonObject = parseEnvOptions(options.envOption);
  if (options.reward !== undefined)
    envOptions.reward = parseChoice(options.reward, "--reward", ["hidden", "public"] as const);
  const k = parseInteger(options.k ?? "5", "--k");
  const kMax = parseInteger(options.kMax ?? String(DEFAULT_DECISION_POLICY.kMax), "--k-max");
  if (k > kMax) {
    throw new EnvriggerError("BAD_ARGUMENT", `--k ${k} is more than --k-max ${kMax}: a batch cannot exceed the cap`, {
      hint: `lower --k to at most ${kMax} or raise --k-max to at least ${k}`,
    });
  }
  return parseWith(
    curriculumConfigSchema,
    {
      version: 1,
      runId: runDirectory.split(/[\\/]/).at(-1)!,
      env: options.env,
      envOptions,
      split: parseChoice(options.split ?? "train", "--split", splitSelectionSchema.options) as SplitSelection,
      taskIds: options.task
        ?.split(",")
        .map((id) => id.trim())
        .filter(Boolean),
      policy: options.policy,
      designer: options.designer ?? "heuristic",
      target: targetFromOptions(options),
      k,
      kMax,
      rule: parseChoice(options.rule ?? DEFAULT_DECISION_POLICY.rule, "--rule", decisionRules),
      ...(options.budgetRollouts === undefined
        ? {}
        : { budgetRollouts: parseInteger(options.budgetRollouts, "--budget-rollouts") }),
      ...(options.budgetTotal === undefined
        ? {}
        : { budgetTotal: parseInteger(options.budgetTotal, "--budget-total") }),
      confidence: parseProbability(options.confidence ?? String(DEFAULT_DECISION_POLICY.confidence), "--confidence"),
      tolerance: parseDecimal(options.tolerance ?? String(DEFAULT_DECISION_POLICY.tolerance), "--tolerance"),
      stepsTolerance: parseDecimal(
        options.stepsTolerance ?? String(DEFAULT_DECISION_POLICY.stepsTolerance),
        "--steps-tolerance",
      ),
      confirmationEpisodes: parseInteger(
        options.confirmationEpisodes ?? String(DEFAULT_DECISION_POLICY.confirmationEpisodes),
        "--confirmation-episodes",
      ),
      checkRollouts: parseInteger(
        options.checkRollouts ?? String(DEFAULT_DECISION_POLICY.checkRollouts),
        "--check-rollouts",
      ),
      revisions: parseInteger(options.revisions ?? "5", "--revisions"),
      seed: parseInteger(options.seed ?? "0", "--seed"),
      callTimeoutMs:
        options.callTimeout === undefined ? undefined : parseInteger(options.callTimeout, "--call-timeout"),
      rolloutConcurrency: rolloutConcurrencyOf(options, options.policy, options.env),
      candidatesDir: resolve(cwd, options.candidates ?? "harness-candidates"),
    },
    "curriculum options",
    "BAD_ARGUMENT",
  );
}

/** Which run-defining field each command-line option sets (`target` for the three target options). */
const OPTION_FIELDS: Record<string, { flag: string; field: keyof CurriculumConfig }> = {
  env: { flag: "--env", field: "env" },
  split: { flag: "--split", field: "split" },
  task: { flag: "--task", field: "taskIds" },
  policy: { flag: "--policy", field: "policy" },
  designer: { flag: "--designer", field: "designer" },
  bandSuccess: { flag: "--band-success", field: "target" },
  bandSteps: { flag: "--band-steps", field: "target" },
  weakness: { flag: "--weakness", field: "target" },
  k: { flag: "--k", field: "k" },
  kMax: { flag: "--k-max", field: "kMax" },
  rule: { flag: "--rule", field: "rule" },
  budgetRollouts: { flag: "--budget-rollouts", field: "budgetRollouts" },
  budgetTotal: { flag: "--budget-total", field: "budgetTotal" },
  confidence: { flag: "--confidence", field: "confidence" },
  tolerance: { flag: "--tolerance", field: "tolerance" },
  stepsTolerance: { flag: "--steps-tolerance", field: "stepsTolerance" },
  confirmationEpisodes: { flag: "--confirmation-episodes", field: "confirmationEpisodes" },
  checkRollouts: { flag: "--check-rollouts", field: "checkRollouts" },
  revisions: { flag: "--revisions", field: "revisions" },
  seed: { flag: "--seed", field: "seed" },
  reward: { flag: "--reward", field: "envOptions" },
  envOption: { flag: "--env-option", field: "envOptions" },
  candidates: { flag: "--candidates", field: "candidatesDir" },
  callTimeout: { flag: "--call-timeout", field: "callTimeoutMs" },
};

/**
 * A resume continues the run as it was started: every option given on the command line
 * must agree with the run's own configuration; differing ones are named (exit 2).
 */
function refuseDifferingArguments(stored: CurriculumConfig, options: CurriculumCommandOptions, cwd: string): void {
  const given = (options.explicit ?? []).filter((key) => key in OPTION_FIELDS);
  if (given.length === 0) return;
  const requested = configFromOptions(
    {
      ...options,
      env: options.env ?? stored.env,
      policy: options.policy ?? stored.policy,
      ...(options.reward === undefined && typeof stored.envOptions.reward === "string"
        ? { reward: stored.envOptions.reward }
        : {}),
      // Env options not given again are the run's own.
      envOption:
        options.envOption ??
        Object.entries(stored.envOptions)
          .filter(([key]) => key !== "reward")
          .map(([key, value]) => `${key}=${JSON.stringify(value)}`),
    },
    stored.runId,
    cwd,
  );
  // Only the given target options count: compare the stored target's corresponding parts.
  const differing = given.filter((key) => {
    const { field } = OPTION_FIELDS[key]!;
    if (field === "target") {
      const part = key === "bandSuccess" ? "successBand" : key === "bandSteps" ? "stepsBand" : "weakness";
      return JSON.stringify(requested.target[part]) !== JSON.stringify(stored.target[part]);
    }
    if (field === "taskIds" && stored.taskIds === undefined) return true;
    return JSON.stringify(requested[field]) !== JSON.stringify(stored[field]);
  });
  if (differing.length === 0) return;
  const describe = (key: string) => {
    const { flag, field } = OPTION_FIELDS[key]!;
    return `${flag} (the run has ${JSON.stringify(stored[field])}, given ${JSON.stringify(options[key as keyof CurriculumCommandOptions])})`;
  };
  throw new EnvriggerError(
    "BAD_ARGUMENT",
    `cannot resume ${stored.runId} with different arguments: ${differing.map(describe).join("; ")}`,
    {
      hint: "resume with no run options (the run keeps its own), or start a new run with --out",
    },
  );
}

/** Rig one task in this process (the local lane), loading the rig code on first use. */
async function rigHere(input: CurriculumWorkerInput, budget?: RunBudget): Promise<RigTaskResult> {
  return (await import("../../app/curriculum-worker.js")).default(input, budget);
}

/**
 * `envrigger curriculum`: the designer loop over every task of a split, resumable. With
 * `--concurrency N > 1` the task processes start first, so they load the rig code (the
 * TypeScript compiler, LangGraph: about a second) while this process loads its own copy.
 */
export async function curriculumCommand(options: CurriculumCommandOptions, io: CliIo): Promise<CurriculumResult> {
  const concurrency = parseInteger(options.concurrency ?? "1", "--concurrency");
  const queue = options.queue;
  const pool =
    concurrency > 1
      ? processExecutor(concurrency, {
          local: (input, budget) => rigHere({ ...input, ...(queue ? { queue } : {}) }, budget),
          queue,
        })
      : null;
  try {
    return await runCurriculumCommand(options, pool, io);
  } finally {
    await pool?.close();
  }
}

async function runCurriculumCommand(
  options: CurriculumCommandOptions,
  pool: CurriculumExecutor | null,
  io: CliIo,
): Promise<CurriculumResult> {
  const [{ createRigDependencies }, { inProcessExecutor, runCurriculum }, { resolveEnv }] = await Promise.all([
    import("../../app/create-rig-dependencies.js"),
    import("../../curriculum/run-curriculum.js"),
    import("../../bridges/env-registry.js"),
  ]);
  const resume = options.resume !== undefined;
  const runDirectory = resolve(
    io.cwd,
    options.resume ?? options.out ?? join("runs", defaultRunId(options.env ?? "env", options.policy ?? "policy")),
  );
  let config: CurriculumConfig;
  if (resume) {
    const path = runPaths(runDirectory).config;
    if (!existsSync(path))
      throw new EnvriggerError("BAD_ARGUMENT", `cannot resume: ${path} does not exist`, {
        hint: "pass the directory of an earlier run (runs/<id>)",
      });
    config = parseJsonText(curriculumConfigSchema, readFileSync(path, "utf8"), path);
    refuseDifferingArguments(config, options, io.cwd);
    // How many episodes run at once never changes the results: a resumed run may choose anew.
    if (options.rolloutConcurrency !== undefined)
      config = { ...config, rolloutConcurrency: rolloutConcurrencyOf(options, config.policy, config.env) };
  } else {
    if (!options.env) throw new EnvriggerError("BAD_ARGUMENT", "--env is required (or --resume runs/<id>)");
    if (!options.policy) throw new EnvriggerError("BAD_ARGUMENT", "--policy is required (or --resume runs/<id>)");
    config = configFromOptions({ ...options, env: options.env, policy: options.policy }, runDirectory, io.cwd);
    // Fail on a bad env, policy, designer or weakness — or an unreachable queue — before anything is written.
    await (
      await createRigDependencies(config, runDirectory, { logEvents: false, queue: options.queue })
    ).rollouts?.close();
  }
  const env = await resolveEnv(config.env, io.cwd);
  const queue = options.queue;
  const executor =
    pool ?? inProcessExecutor((config, directory) => createRigDependencies(config, directory, { queue }));
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
      };
      io.stdout(`${JSON.stringify(json)}\n`);
    } else {
      io.stdout(formatCurriculum(result) + `promise: ${promiseText(config)}\n` + (report ? `report: ${report}\n` : ""));
    }
    return result;
  } catch (error) {
    if (isEnvriggerError(error, "PROVIDER_UNAVAILABLE")) {
      // The run stopped on purpose: say how to continue it once the endpoint is fixed.
      throw new EnvriggerError("PROVIDER_UNAVAILABLE", `${error.message.split("\n")[0]}`, {
        hint: `${error.hint ?? "fix the provider"}; the run stopped with its checkpoints kept: continue with --resume ${runDirectory}`,
        cause: error,
      });
    }
    throw error;
  } finally {
    progress.stop();
    await executor.close();
  }
}
