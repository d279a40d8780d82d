import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { parseJsonText } from "../core/validate.js";
import { coevolutionRoundSchema, type CoevolutionRound } from "../run-format/coevolution-round.js";
import type { HeldOutPoint } from "../rl/evaluate-held-out.js";
import type { UpdateStats } from "../rl/grpo-update.js";
import { experimentConfigSchema, type ExperimentConfig } from "../rl/run-experiment.js";
import { trainingCurves, trainingRunPaths } from "../rl/run-training.js";
import { trainingRunConfigSchema, type TrainingRunConfig } from "../rl/training-run-config.js";
import { learningCurvesSchema, type LearningCurves } from "../run-format/learning-curves-schema.js";
import { readRunFile } from "../run-format/run-file.js";

/** A held-out evaluation as the report reads it (from result.json or the checkpoint). */
const heldOutPointSchema = z.object({
  update: z.number().int().nonnegative(),
  trainingEpisodes: z.number().nonnegative(),
  episodes: z.number().int().nonnegative(),
  successRate: z.number(),
  successInterval: z.tuple([z.number(), z.number()]),
  publicPassRate: z.number().nullable(),
  meanTurns: z.number(),
});

const trainingResultSchema = z.object({
  curve: z.array(heldOutPointSchema),
  durationMs: z.number().nonnegative(),
  updates: z.number().int().nonnegative(),
});
const checkpointSchema = z.object({
  update: z.number().int().nonnegative(),
  updates: z.array(z.record(z.string(), z.unknown())),
  evaluations: z.array(heldOutPointSchema),
});
const experimentResultSchema = z.object({
  durationMs: z.number().nonnegative(),
  difference: z.object({ perSeed: z.array(z.number()), mean: z.number(), standardDeviation: z.number() }),
  publicPassDifference: z
    .object({ perSeed: z.array(z.number()), mean: z.number(), standardDeviation: z.number() })
    .nullable(),
});

/** One training run (a run of its own, or one arm × seed of an experiment) as the report shows it. */
export interface TrainingRunRecord {
  directory: string;
  /** "original seed 0" inside an experiment, else the run id. */
  label: string;
  config: TrainingRunConfig;
  /** Held-out evaluations so far, first (before training) to last. */
  curve: HeldOutPoint[];
  updatesDone: number;
  /** Whether result.json exists (the run finished). */
  finished: boolean;
  durationMs: number | null;
  /** Co-evolution rounds recorded so far. */
  rounds: CoevolutionRound[];
}

/** A training or experiment directory, read for `envrigger report`. */
export type LearningRunRecord =
  | { kind: "training"; directory: string; curves: LearningCurves | null; run: TrainingRunRecord }
  | {
      kind: "experiment";
      directory: string;
      config: ExperimentConfig;
      curves: LearningCurves | null;
      runs: TrainingRunRecord[];
      result: z.infer<typeof experimentResultSchema> | null;
    };

/** Which kind of learning run a directory holds, by its first file (null: neither). */
export function learningRunKind(directory: string): "training" | "experiment" | null {
  if (existsSync(join(directory, "experiment.json"))) return "experiment";
  if (existsSync(trainingRunPaths(directory).config)) return "training";
  return null;
}

function readCurves(path: string): LearningCurves | null {
  return existsSync(path) ? parseJsonText(learningCurvesSchema, readFileSync(path, "utf8"), path) : null;
}

/** The co-evolution rounds finished so far, in round order. */
function readRounds(directory: string): CoevolutionRound[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .map((name) => /^round-(\d+)$/.exec(name))
    .filter((match): match is RegExpExecArray => match !== null)
    .sort((left, right) => Number(left[1]) - Number(right[1]))
    .map((match) => join(directory, match[0], "round.json"))
    .filter((path) => existsSync(path))
    .map((path) => parseJsonText(coevolutionRoundSchema, readFileSync(path, "utf8"), path));
}

/**
 * A training run directory: `training.json` (required), then `result.json` when it
 * finished, else the last `checkpoint.json` (a run still going or stopped shows what it
 * has), and its co-evolution rounds.
 */
export function readTrainingRun(
  directory: string,
  label?: string,
): { run: TrainingRunRecord; curves: LearningCurves | null } {
  const paths = trainingRunPaths(directory);
  const config = readRunFile(trainingRunConfigSchema, paths.config);
  const rounds = readRounds(paths.coevolution);
  let curve: HeldOutPoint[] = [];
  let updates: UpdateStats[] = [];
  let updatesDone = 0;
  let durationMs: number | null = null;
  const finished = existsSync(paths.result);
  if (finished) {
    const result = parseJsonText(trainingResultSchema, readFileSync(paths.result, "utf8"), paths.result);
    curve = result.curve;
    updatesDone = result.updates;
    durationMs = result.durationMs;
  } else if (existsSync(paths.checkpoint)) {
    const checkpoint = parseJsonText(checkpointSchema, readFileSync(paths.checkpoint, "utf8"), paths.checkpoint);
    curve = checkpoint.evaluations;
    updates = checkpoint.updates as unknown as UpdateStats[];
    updatesDone = checkpoint.update;
  }
  // A finished run wrote curves.json; an unfinished one gets the same curves from what it checkpointed.
  const curves =
    readCurves(paths.curves) ?? (curve.length > 0 || updates.length > 0 ? trainingCurves(curve, updates) : null);
  return {
    run: { directory, label: label ?? config.runId, config, curve, updatesDone, finished, durationMs, rounds },
    curves,
  };
}

/**
 * An experiment directory: `experiment.json` (required), `curves.json` and `result.json`
 * when it finished, and every arm × seed training run that started (`<arm>/seed-<s>/`).
 */
export function readExperimentRun(directory: string): LearningRunRecord & { kind: "experiment" } {
  const configPath = join(directory, "experiment.json");
  const config = readRunFile(experimentConfigSchema, configPath);
  const runs: TrainingRunRecord[] = [];
  for (let seed = 0; seed < config.seeds; seed++) {
    for (const arm of ["original", "harness"] as const) {
      const runDirectory = join(directory, arm, `seed-${seed}`);
      if (existsSync(trainingRunPaths(runDirectory).config))
        runs.push(readTrainingRun(runDirectory, `${arm} seed ${seed}`).run);
    }
  }
  const resultPath = join(directory, "result.json");
  const result = existsSync(resultPath)
    ? parseJsonText(experimentResultSchema, readFileSync(resultPath, "utf8"), resultPath)
    : null;
  return { kind: "experiment", directory, config, curves: readCurves(join(directory, "curves.json")), runs, result };
}

/** Read a training or experiment directory (call {@link learningRunKind} first). */
export function readLearningRun(directory: string, kind: "training" | "experiment"): LearningRunRecord {
  if (kind === "experiment") return readExperimentRun(directory);
  const { run, curves } = readTrainingRun(directory);
  return { kind: "training", directory, curves, run };
}
