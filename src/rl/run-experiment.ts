import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { z } from "zod";
import { appendJsonLine, writeJsonAtomic } from "../core/atomic-write.js";
import type { EnvDefinition } from "../core/env-definition.js";
import { EnvriggerError } from "../core/errors.js";
import { jsonObjectSchema } from "../core/json.js";
import { parseJsonText, parseWith } from "../core/validate.js";
import { withRenamedKeys } from "../core/renamed-keys.js";
import type { LearningCurves } from "../run-format/learning-curves-schema.js";
import { createRolloutExecutor } from "../queue/create-rollout-executor.js";
import type { HeldOutPoint } from "./evaluate-held-out.js";
import type { RigDependenciesFactory } from "../curriculum/run-curriculum.js";
import { grpoConfigSchema } from "./grpo-config.js";
import { runTraining, trainingRunPaths, type TrainingRunResult } from "./run-training.js";
import {
  coevolveSourceSchema,
  RENAMED_COEVOLVE_SETTINGS,
  trainingRunConfigSchema,
  type TrainingRunConfigInput,
} from "./training-run-config.js";
import { trainingReward, type TrainingReward } from "./training-reward.js";

/** The experiment's two arms: trained on the original tasks, or on co-evolved harness stacks of the same tasks. */
export const EXPERIMENT_ARMS = ["original", "harness"] as const;
export type ExperimentArm = (typeof EXPERIMENT_ARMS)[number];

/** An experiment's configuration, `runs/<id>/experiment.json`. */
export const experimentConfigSchema = z.object({
  version: z.literal(1),
  runId: z.string(),
  env: z.string(),
  envOptions: jsonObjectSchema.default({}),
  rewardSource: z.enum(["evaluation", "env"]),
  /** Seeds 0 … seeds − 1; each seed trains both arms from the same initial weights. */
  seeds: z.number().int().min(1).max(100).default(3),
  grpo: grpoConfigSchema.omit({ seed: true }),
  evaluation: trainingRunConfigSchema.shape.evaluation,
  /** The co-evolution settings of the harness arm. */
  coevolution: withRenamedKeys(coevolveSourceSchema.omit({ kind: true }), RENAMED_COEVOLVE_SETTINGS),
});
export type ExperimentConfig = z.infer<typeof experimentConfigSchema>;
export type ExperimentConfigInput = z.input<typeof experimentConfigSchema>;

/** One arm and seed of an experiment. */
export interface ExperimentRun {
  arm: ExperimentArm;
  seed: number;
  trainingEpisodes: number;
  curve: HeldOutPoint[];
  final: HeldOutPoint;
  /** Co-evolution rounds (harness arm): tasks accepted per round. */
  acceptedPerRound: number[];
  runDirectory: string;
}

/** The experiment's result (`result.json`, and `experiment --json`). */
export interface ExperimentResult {
  runId: string;
  runDirectory: string;
  env: string;
  reward: string;
  seeds: number;
  runs: ExperimentRun[];
  arms: Record<ExperimentArm, { meanSuccess: number; meanPublicPass: number | null; trainingEpisodes: number }>;
  /** Harness minus original final held-out success, per seed, with its mean and spread (sample standard deviation). */
  difference: { perSeed: number[]; mean: number; standardDeviation: number };
  /** The same for the public pass rate (envs that report it), else null. */
  publicPassDifference: { perSeed: number[]; mean: number; standardDeviation: number } | null;
  durationMs: number;
}

/** Options of {@link runExperiment}. */
export interface RunExperimentOptions {
  runDirectory: string;
  resume?: boolean;
  env: EnvDefinition;
  cwd?: string;
  /** Run every rollout on queue workers at this Redis URL (see `RunTrainingOptions.queue`). */
  queue?: string;
  /** How the harness arm's co-evolution builds each round's rig dependencies (see `RunTrainingOptions`). */
  rigDependencies: RigDependenciesFactory;
  /** The one reward function both arms train with. */
  reward?: TrainingReward;
  onRunStart?: (arm: ExperimentArm, seed: number, index: number, total: number) => void;
  onRunDone?: (run: ExperimentRun) => void;
}

const finishedRunSchema = z.object({
  trainingEpisodes: z.number(),
  curve: z.array(z.record(z.string(), z.unknown())),
  rounds: z.array(z.object({ accepted: z.array(z.unknown()) })),
});

function spread(values: readonly number[]): { perSeed: number[]; mean: number; standardDeviation: number } {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance =
    values.length < 2 ? 0 : values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
  return { perSeed: values.slice(), mean, standardDeviation: Math.sqrt(variance) };
}

/** The experiment's curves in the report's schema: per arm, the mean held-out success (and public pass) over seeds, and each seed's success. */
export function experimentCurves(runs: readonly ExperimentRun[]): LearningCurves {
  const series: LearningCurves["series"] = [];
  for (const arm of EXPERIMENT_ARMS) {
    const mine = runs.filter((run) => run.arm === arm);
    if (mine.length === 0) continue;
    const steps = [...new Set(mine.flatMap((run) => run.curve.map((point) => point.update)))].sort(
      (left, right) => left - right,
    );
    const mean = (pick: (point: HeldOutPoint) => number | null) =>
      steps.flatMap((step) => {
        const values = mine
          .map((run) => run.curve.find((point) => point.update === step))
          .filter((point): point is HeldOutPoint => point !== undefined)
          .map(pick)
          .filter((value): value is number => value !== null);
        return values.length === 0
          ? []
          : [{ step, value: values.reduce((sum, value) => sum + value, 0) / values.length }];
      });
    series.push({ name: `${arm}: mean held-out success`, points: mean((point) => point.successRate) });
    const publicPoints = mean((point) => point.publicPassRate);
    if (publicPoints.length > 0) series.push({ name: `${arm}: mean held-out public pass`, points: publicPoints });
    for (const run of mine)
      series.push({
        name: `${arm} seed ${run.seed}: held-out success`,
        points: run.curve.map((point) => ({ step: point.update, value: point.successRate })),
      });
  }
  return { series };
}

/**
 * The paper's comparison at small scale: for each seed, train (a) on the original train
 * tasks and (b) on co-evolved harness stacks of the same tasks, with the same number of
 * training episodes and the same reward function, and evaluate both every k updates on the
 * held-out tasks of the original env under its own verdict. Each arm × seed is a training
 * run under `<run>/<arm>/seed-<s>/`; a finished one is read back, an interrupted one resumes.
 */
export async function runExperiment(
  input: ExperimentConfigInput,
  options: RunExperimentOptions,
): Promise<ExperimentResult> {
  const started = performance.now();
  const configPath = join(options.runDirectory, "experiment.json");
  // Check the queue before anything is written (each training run then opens its own connection).
  if (options.queue) await (await createRolloutExecutor({ queue: options.queue, cwd: options.cwd })).close();
  let config: ExperimentConfig;
  if (options.resume) {
    if (!existsSync(configPath))
      throw new EnvriggerError("BAD_ARGUMENT", `cannot resume: ${configPath} does not exist`, {
        hint: "pass the directory of an earlier experiment (runs/<id>)",
      });
    config = parseJsonText(experimentConfigSchema, readFileSync(configPath, "utf8"), configPath);
  } else {
    if (existsSync(configPath))
      throw new EnvriggerError("BAD_ARGUMENT", `${options.runDirectory} already holds an experiment`, {
        hint: "use --resume to continue it, or choose another --out",
      });
    config = parseWith(experimentConfigSchema, input, "experiment configuration", "BAD_CONFIG");
    writeJsonAtomic(configPath, config);
  }
  const reward = options.reward ?? trainingReward;
  const runs: ExperimentRun[] = [];
  const total = config.seeds * EXPERIMENT_ARMS.length;
  for (let seed = 0; seed < config.seeds; seed++) {
    for (const arm of EXPERIMENT_ARMS) {
      const runDirectory = join(options.runDirectory, arm, `seed-${seed}`);
      const paths = trainingRunPaths(runDirectory);
      options.onRunStart?.(arm, seed, runs.length, total);
      let finished: { trainingEpisodes: number; curve: HeldOutPoint[]; acceptedPerRound: number[] };
      if (existsSync(paths.result)) {
        const stored = parseJsonText(finishedRunSchema, readFileSync(paths.result, "utf8"), paths.result);
        finished = {
          trainingEpisodes: stored.trainingEpisodes,
          curve: stored.curve as unknown as HeldOutPoint[],
          acceptedPerRound: stored.rounds.map((round) => round.accepted.length),
        };
      } else {
        const training: TrainingRunConfigInput = {
          version: 1,
          runId: `${config.runId}-${arm}-seed-${seed}`,
          env: config.env,
          envOptions: config.envOptions,
          policy: "learned:init",
          source: arm === "original" ? { kind: "original" } : { kind: "coevolve", ...config.coevolution },
          rewardSource: config.rewardSource,
          grpo: { ...config.grpo, seed },
          evaluation: config.evaluation,
        };
        const result: TrainingRunResult = await runTraining(training, {
          runDirectory,
          resume: existsSync(paths.config),
          env: options.env,
          cwd: options.cwd,
          queue: options.queue,
          rigDependencies: options.rigDependencies,
          reward,
        });
        finished = {
          trainingEpisodes: result.trainingEpisodes,
          curve: result.curve,
          acceptedPerRound: result.rounds.map((round) => round.accepted.length),
        };
      }
      const run: ExperimentRun = { arm, seed, ...finished, final: finished.curve.at(-1)!, runDirectory };
      runs.push(run);
      appendJsonLine(join(options.runDirectory, "runs.jsonl"), { arm, seed, final: run.final });
      options.onRunDone?.(run);
    }
  }
  const finalOf = (arm: ExperimentArm) =>
    runs.filter((run) => run.arm === arm).sort((left, right) => left.seed - right.seed);
  const armSummary = (arm: ExperimentArm) => {
    const mine = finalOf(arm);
    const publics = mine.map((run) => run.final.publicPassRate).filter((value): value is number => value !== null);
    return {
      meanSuccess: mine.reduce((sum, run) => sum + run.final.successRate, 0) / mine.length,
      meanPublicPass:
        publics.length === mine.length ? publics.reduce((sum, value) => sum + value, 0) / publics.length : null,
      trainingEpisodes: mine[0]?.trainingEpisodes ?? 0,
    };
  };
  const original = finalOf("original");
  const harness = finalOf("harness");
  const publicKnown = runs.every((run) => run.final.publicPassRate !== null);
  const result: ExperimentResult = {
    runId: config.runId,
    runDirectory: options.runDirectory,
    env: config.env,
    reward: config.rewardSource === "evaluation" ? "evaluation" : String(config.envOptions.reward ?? "env"),
    seeds: config.seeds,
    runs,
    arms: { original: armSummary("original"), harness: armSummary("harness") },
    difference: spread(harness.map((run, index) => run.final.successRate - original[index]!.final.successRate)),
    publicPassDifference: publicKnown
      ? spread(harness.map((run, index) => run.final.publicPassRate! - original[index]!.final.publicPassRate!))
      : null,
    durationMs: performance.now() - started,
  };
  writeJsonAtomic(join(options.runDirectory, "curves.json"), experimentCurves(runs));
  writeJsonAtomic(join(options.runDirectory, "result.json"), { ...result, config });
  return result;
}
