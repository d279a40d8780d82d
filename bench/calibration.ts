import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { z } from "zod";
import { resolveEnv } from "../src/bridges/env-registry.js";
import { deriveSeed } from "../src/core/seeding.js";
import { parseJsonText } from "../src/core/validate.js";
import { productStackDependencies } from "../src/app/product-stack-dependencies.js";
import { resolvePolicy } from "../src/policies/policy-registry.js";
import { readCandidateRecord } from "../src/rigger/candidate-store.js";
import { measureCandidate } from "../src/rigger/measure-candidate.js";
import { runRollouts } from "../src/rollout/run-rollouts.js";
import { summarize } from "../src/rollout/summarize.js";
import { runCurriculumChild } from "./curriculum-bench.js";
import { costRecordSchema } from "../src/run-format/cost-record.js";

const bandSchema = z.tuple([z.number(), z.number()]);
const resultFileSchema = z.object({
  tasks: z.array(
    z.object({
      taskId: z.string(),
      outcome: z.string(),
      candidate: z.string().nullable(),
      rollouts: z.number(),
      /** What rigging the task spent (absent in runs written before costs were counted, and while a run is going). */
      cost: costRecordSchema.optional(),
      baseline: z.object({ successRate: z.number(), meanSteps: z.number(), episodes: z.number() }),
      accepted: z.object({ successRate: z.number(), meanSteps: z.number(), episodes: z.number() }).nullable(),
    }),
  ),
  config: z.object({
    env: z.string(),
    policy: z.string(),
    seed: z.number(),
    target: z.object({ successBand: bandSchema.optional(), stepsBand: bandSchema.optional() }),
    /** The promise's tolerances (absent in runs before issue 32: the band itself). */
    tolerance: z.number().optional(),
    stepsTolerance: z.number().optional(),
    rule: z.string().optional(),
  }),
});

/** One task's fresh measurement. */
export interface TaskCalibration {
  taskId: string;
  outcome: string;
  rollouts: number;
  /** Env steps (policy turns) over the task's rollouts, and wall seconds in its rig loop (null when the run recorded no cost). */
  envSteps: number | null;
  wallSeconds: number | null;
  /** Fresh success rate and mean steps after rigging (the accepted stack, else the unmodified env). */
  after: { successRate: number; meanSteps: number };
  afterInBand: boolean;
  /** Whether every band widened by the run's tolerance holds on the fresh rollouts (absent in records before issue 32). */
  afterInPromise?: boolean;
  /** Fresh, of the unmodified env (only when asked for). */
  before?: { successRate: number; meanSteps: number; inBand: boolean };
}

/** The figures of one curriculum run at one seed. */
export interface RunCalibration {
  tasks: number;
  accepted: number;
  skipped: number;
  rejected: number;
  inBandAfter: number;
  inBandBefore: number | null;
  acceptedTrulyInBand: number | null;
  /**
   * Of the tasks accepted or skipped, the fraction whose fresh rates lie in the bands widened by
   * the run's tolerance (the promise; null when none was). With tolerance 0 the band itself.
   */
  decidedTrulyInPromise?: number | null;
  /** The run's tolerance (success band) the promise was measured with. */
  tolerance?: number;
  rolloutsPerTask: number;
  /** Rollouts of the task that spent the most. */
  worstTaskRollouts: number;
  /** Mean env steps and rig-loop wall seconds per task (null when the run recorded no cost). */
  envStepsPerTask: number | null;
  wallSecondsPerTask: number | null;
  perTask: TaskCalibration[];
}

/**
 * "Truly in band" on fresh rollouts: for every task of a finished curriculum run, K fresh
 * rollouts (seeds derived from the run seed and "calibration", never used by the run) of
 * the accepted stack — or of the unmodified env when nothing was accepted — and whether
 * every band of the run's target holds on them (success rate; mean steps for a steps band).
 * With `before`, K fresh rollouts of the unmodified env for every task too. `known`: the
 * unmodified env's K fresh rollouts of some tasks measured already (same run seed, same K:
 * the same episodes, since the seeds are derived alike), used instead of measuring them again.
 */
export async function measureBandHits(
  runDirectory: string,
  k = 100,
  before = false,
  known: ReadonlyMap<string, { successRate: number; meanSteps: number }> = new Map(),
): Promise<RunCalibration> {
  const result = existsSync(join(runDirectory, "result.json"))
    ? parseJsonText(
        resultFileSchema,
        readFileSync(join(runDirectory, "result.json"), "utf8"),
        "result.json",
        "INTERNAL",
      )
    : finishedSoFar(runDirectory);
  const { target } = result.config;
  const env = await resolveEnv(result.config.env);
  const policy = await resolvePolicy(result.config.policy, env.id);
  const within = (value: number, band?: [number, number]) =>
    band === undefined || (value >= band[0] && value <= band[1]);
  const inBand = (rates: { successRate: number; meanSteps: number }) =>
    within(rates.successRate, target.successBand) && within(rates.meanSteps, target.stepsBand);
  const tolerance = result.config.tolerance ?? 0;
  const stepsTolerance = result.config.stepsTolerance ?? 0;
  const widen = (band: [number, number] | undefined, by: number): [number, number] | undefined =>
    band && [band[0] - by, band[1] + by];
  const inPromise = (rates: { successRate: number; meanSteps: number }) =>
    within(rates.successRate, widen(target.successBand, tolerance)) &&
    within(rates.meanSteps, widen(target.stepsBand, stepsTolerance));
  const seed = deriveSeed(result.config.seed, "calibration");
  const perTask: TaskCalibration[] = [];
  for (const task of result.tasks) {
    const fresh = async () => {
      const measured = known.get(task.taskId);
      if (measured) return measured;
      const stats = summarize(
        await runRollouts({
          createEnv: () => env.create(),
          policy: policy.factory,
          tasks: [{ taskId: task.taskId }],
          episodes: k,
          seed,
        }),
      );
      return { successRate: stats.successRate, meanSteps: stats.meanTurns };
    };
    const baseline = before || task.outcome !== "accepted" || !task.candidate ? await fresh() : undefined;
    const after =
      task.outcome === "accepted" && task.candidate
        ? await measureCandidate(
            readCandidateRecord(task.candidate),
            policy.factory,
            { k, seed },
            productStackDependencies(),
          )
        : baseline!;
    const rates = { successRate: after.successRate, meanSteps: "meanSteps" in after ? after.meanSteps : 0 };
    perTask.push({
      taskId: task.taskId,
      outcome: task.outcome,
      rollouts: task.rollouts,
      envSteps: task.cost?.envSteps ?? null,
      wallSeconds: task.cost ? Number((task.cost.wallMs / 1000).toFixed(2)) : null,
      after: rates,
      afterInBand: inBand(rates),
      afterInPromise: inPromise(rates),
      ...(before && baseline ? { before: { ...baseline, inBand: inBand(baseline) } } : {}),
    });
  }
  await env.dispose?.();
  return { ...runCalibrationOf(perTask, before), tolerance };
}

/** A run's figures from its tasks' fresh measurements (`before`: the unmodified env was measured too). */
export function runCalibrationOf(perTask: TaskCalibration[], before: boolean): RunCalibration {
  const count = (predicate: (task: TaskCalibration) => boolean) => perTask.filter(predicate).length;
  const accepted = count((task) => task.outcome === "accepted");
  const tasks = perTask.length;
  return {
    tasks,
    accepted,
    skipped: count((task) => task.outcome === "skipped"),
    rejected: count((task) => task.outcome === "rejected"),
    inBandAfter: count((task) => task.afterInBand) / tasks,
    inBandBefore: before ? count((task) => task.before?.inBand === true) / tasks : null,
    acceptedTrulyInBand:
      accepted === 0 ? null : count((task) => task.outcome === "accepted" && task.afterInBand) / accepted,
    decidedTrulyInPromise: decidedTrulyInPromise(perTask),
    rolloutsPerTask: perTask.reduce((sum, task) => sum + task.rollouts, 0) / tasks,
    worstTaskRollouts: Math.max(0, ...perTask.map((task) => task.rollouts)),
    envStepsPerTask: meanOrNull(perTask.map((task) => task.envSteps)),
    wallSecondsPerTask: meanOrNull(perTask.map((task) => task.wallSeconds)),
    perTask,
  };
}

/** Of the tasks accepted or skipped, the fraction truly in the promised bands (null when none was decided or none recorded it). */
function decidedTrulyInPromise(perTask: readonly TaskCalibration[]): number | null {
  const decided = perTask.filter((task) => task.outcome === "accepted" || task.outcome === "skipped");
  if (decided.length === 0 || decided.some((task) => task.afterInPromise === undefined)) return null;
  return decided.filter((task) => task.afterInPromise).length / decided.length;
}

/** The mean of values all known, else null. */
function meanOrNull(values: Array<number | null>): number | null {
  if (values.length === 0 || values.some((value) => value === null)) return null;
  return Number(((values as number[]).reduce((sum, value) => sum + value, 0) / values.length).toFixed(2));
}

const runConfigSchema = resultFileSchema.shape.config.extend({ candidatesDir: z.string() });
const eventSchema = z.looseObject({
  event: z.string(),
  taskId: z.string().optional(),
  node: z.string().optional(),
  outcome: z.string().optional(),
  data: z.looseObject({ episodes: z.number().optional() }).optional(),
});

/**
 * The tasks a run has finished so far, for a run still going (or stopped): outcomes from
 * events.jsonl, rollouts from its observe and validate events, the accepted candidate from
 * the run's candidates folder (the newest file of the task).
 */
export function finishedSoFar(runDirectory: string): z.infer<typeof resultFileSchema> {
  const config = parseJsonText(
    runConfigSchema,
    readFileSync(join(runDirectory, "run.json"), "utf8"),
    "run.json",
    "INTERNAL",
  );
  const events = readFileSync(join(runDirectory, "events.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => eventSchema.parse(JSON.parse(line)));
  const tasks = events
    .filter((event) => event.event === "task" && event.taskId)
    .map((event) => {
      const taskId = event.taskId!;
      const rollouts = events
        .filter((other) => other.taskId === taskId && (other.node === "observe" || other.node === "validate"))
        .reduce((sum, other) => sum + (other.data?.episodes ?? 0), 0);
      const folder = join(config.candidatesDir, config.env, taskId);
      const files =
        event.outcome === "accepted" && existsSync(folder)
          ? readdirSync(folder)
              .filter((name) => name.endsWith(".json"))
              .map((name) => join(folder, name))
          : [];
      const candidate = files.sort((left, right) => statSync(right).mtimeMs - statSync(left).mtimeMs)[0] ?? null;
      const unknown = { successRate: 0, meanSteps: 0, episodes: 0 };
      return { taskId, outcome: event.outcome ?? "rejected", candidate, rollouts, baseline: unknown, accepted: null };
    });
  return { tasks, config };
}

/** A curriculum the calibration measures. */
export interface CalibrationCurriculum {
  name: string;
  env: string;
  policy: string;
  tasks?: string[];
  /** Curriculum config overrides (target, confirm, split, …). */
  config?: Record<string, unknown>;
  /** Also measure the unmodified env on fresh rollouts. */
  before?: boolean;
  timeoutMs?: number;
}

/** Ranks 1, 51, …, 951: 20 Toy24 train puzzles (held-out ranks are multiples of 5) across difficulty. */
export const TOY24_TASKS = Array.from({ length: 20 }, (_, index) => `24-${index * 50 + 1}`);

/** The curricula of the calibration benchmark (issue 14): every BugFix persona, Toy24 greedy, TextWorld noisy-walkthrough. */
export const CALIBRATION_CURRICULA: CalibrationCurriculum[] = [
  { name: "bugfix-hasty", env: "bugfix", policy: "hasty" },
  { name: "bugfix-looper", env: "bugfix", policy: "looper" },
  { name: "bugfix-novice", env: "bugfix", policy: "novice" },
  { name: "toy24-greedy", env: "toy24", policy: "greedy", tasks: TOY24_TASKS },
  {
    name: "textworld-noisy-walkthrough",
    env: "textworld",
    policy: "noisy-walkthrough",
    config: { split: "train" },
    timeoutMs: 4 * 3600_000,
  },
];

/** One (curriculum, seed) measurement with its cost. */
export interface CalibrationRecord extends Omit<RunCalibration, "perTask"> {
  curriculum: string;
  seed: number;
  wallSeconds: number;
  summary: Record<string, unknown>;
  perTask: RunCalibration["perTask"];
}

/** Fresh rollouts that measure a stack's true rate: 1,000 (standard error ≤ 0.016), TextWorld's 300 (its episodes are slow). */
export function trueRateRollouts(env: string): number {
  return env === "textworld" ? 300 : 1000;
}

/** Rig `curriculum` at `seed` (2 lanes, in a child process), then measure it on K fresh rollouts (default: {@link trueRateRollouts}). */
export async function calibrate(
  curriculum: CalibrationCurriculum,
  seed: number,
  k = trueRateRollouts(curriculum.env),
): Promise<CalibrationRecord> {
  const run = runCurriculumChild(curriculum.env, curriculum.policy, 2, seed, curriculum.tasks, {
    config: curriculum.config,
    timeoutMs: curriculum.timeoutMs,
  });
  const measured = await measureBandHits(run.runDirectory, k, curriculum.before ?? false);
  return {
    curriculum: curriculum.name,
    seed,
    wallSeconds: Number((run.wallMs / 1000).toFixed(1)),
    summary: run.summary,
    ...measured,
  };
}

/** Mean and worst over seeds of one curriculum's records. */
export function aggregate(records: CalibrationRecord[]) {
  const mean = (values: number[]) => Number((values.reduce((sum, value) => sum + value, 0) / values.length).toFixed(3));
  const accepted = records
    .map((record) => record.acceptedTrulyInBand)
    .filter((value): value is number => value !== null);
  return {
    seeds: records.map((record) => record.seed),
    inBandAfter: {
      mean: mean(records.map((record) => record.inBandAfter)),
      worst: Math.min(...records.map((record) => record.inBandAfter)),
    },
    acceptedTrulyInBand: accepted.length === 0 ? null : { mean: mean(accepted), worst: Math.min(...accepted) },
    decidedTrulyInPromise: worstAndMean(
      records.map((record) => record.decidedTrulyInPromise ?? null),
      mean,
    ),
    rolloutsPerTask: {
      mean: mean(records.map((record) => record.rolloutsPerTask)),
      worst: Math.max(...records.map((record) => record.rolloutsPerTask)),
      worstTask: Math.max(...records.map((record) => record.worstTaskRollouts ?? 0)),
    },
    envStepsPerTask: meanOrNull(records.map((record) => record.envStepsPerTask ?? null)),
    wallSecondsPerTask: meanOrNull(records.map((record) => record.wallSecondsPerTask ?? null)),
    accepted: records.map((record) => `${record.accepted}/${record.tasks}`),
    wallSeconds: records.map((record) => record.wallSeconds),
  };
}

/** Mean and worst (lowest) of the values known, null when none is. */
function worstAndMean(values: Array<number | null>, mean: (values: number[]) => number) {
  const known = values.filter((value): value is number => value !== null);
  return known.length === 0 ? null : { mean: mean(known), worst: Math.min(...known) };
}

/** Append one record as a JSON line (partial results survive a long run). */
export function appendRecord(path: string, record: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  appendFileSync(path, `${JSON.stringify(record)}\n`);
}

/** The short section of `npm run bench`: BugFix `hasty` at one seed (the full benchmark is `npm run bench:calibration`). */
export async function benchCalibration() {
  const record = await calibrate(CALIBRATION_CURRICULA[0]!, 1);
  return {
    calibrationBugfixHastySeed1: {
      inBandAfter: record.inBandAfter,
      acceptedTrulyInBand: record.acceptedTrulyInBand,
      rolloutsPerTask: record.rolloutsPerTask,
      worstTaskRollouts: record.worstTaskRollouts,
      envStepsPerTask: record.envStepsPerTask,
      wallSecondsPerTask: record.wallSecondsPerTask,
      accepted: `${record.accepted}/${record.tasks}`,
    },
  };
}

/** `node --import tsx bench/calibration.ts <run directory> [K]`: measure the tasks a run finished so far (one JSON line). */
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").at(-1)!) && process.argv[2]) {
  const measured = await measureBandHits(process.argv[2], Number(process.argv[3] ?? 100));
  process.stdout.write(`${JSON.stringify(measured)}\n`);
}
