import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { z } from "zod";
import { appendJsonLine, writeJsonAtomic } from "../core/atomic-write.js";
import type { EnvDefinition } from "../core/env-definition.js";
import { EnvriggerError } from "../core/errors.js";
import { parseJsonText, parseWith } from "../core/validate.js";
import { coevolutionSource } from "./coevolution-source.js";
import type { RigDependenciesFactory } from "../curriculum/run-curriculum.js";
import type { CoevolutionRound } from "../run-format/coevolution-round.js";
import type { LearnableModel } from "../policies/learnable/learnable-model.js";
import { openRolloutQueue } from "../queue/open-rollout-queue.js";
import type { BuildStackDependencies } from "../harness/build-stack.js";
import type { RolloutExecutor } from "../rollout/rollout-executor.js";
import {
  learnedWeightsFileSchema,
  modelFromWeightsFile,
  saveLearnedWeights,
  weightsFileOf,
} from "../policies/learnable/learned-weights-file.js";
import { learnedModelOf } from "../policies/learnable/resolve-learned-policy.js";
import type { LearningCurves } from "../run-format/learning-curves-schema.js";
import { evaluateHeldOut, type HeldOutPoint } from "./evaluate-held-out.js";
import type { UpdateStats } from "./grpo-update.js";
import { originalSource } from "./original-source.js";
import { filteredSource } from "./filtered-source.js";
import { reverseCurriculumSource } from "./reverse-curriculum-source.js";
import { resolvePolicy } from "../policies/policy-registry.js";
import { createRng } from "../core/seeding.js";
import { readStoredStacks, storedStacksSource } from "./stored-stacks-source.js";
import { spentRollouts, trainPolicy, type TrainingResumePoint } from "./train-policy.js";
import { trainingRunConfigSchema, type TrainingRunConfig, type TrainingRunConfigInput } from "./training-run-config.js";
import { trainingReward, type TrainingReward } from "./training-reward.js";
import type { TrainingSource } from "./training-source.js";
import { refuseExistingRun, resumedRunFile, writeRunFile } from "../run-format/run-file.js";

/** The files of a training run directory. */
export function trainingRunPaths(directory: string) {
  return {
    config: join(directory, "training.json"),
    checkpoint: join(directory, "checkpoint.json"),
    updates: join(directory, "updates.jsonl"),
    weights: join(directory, "weights.json"),
    curves: join(directory, "curves.json"),
    result: join(directory, "result.json"),
    coevolution: join(directory, "coevolution"),
  };
}

const checkpointSchema = z.object({
  update: z.number().int().nonnegative(),
  weights: learnedWeightsFileSchema,
  optimizer: z.object({ step: z.number().int(), first: z.array(z.number()), second: z.array(z.number()) }),
  updates: z.array(z.record(z.string(), z.unknown())),
  evaluations: z.array(z.record(z.string(), z.unknown())),
});

/** The result of a training run (`result.json`, and `train --json`). */
export interface TrainingRunResult {
  runId: string;
  runDirectory: string;
  env: string;
  source: TrainingRunConfig["source"]["kind"];
  weights: string;
  updates: number;
  trainingEpisodes: number;
  /** Training episodes that ended in an error, counted apart (not in `trainingEpisodes`, not learnt from). */
  erroredEpisodes: number;
  /** Held-out evaluations, first (before training) to last. */
  curve: HeldOutPoint[];
  final: HeldOutPoint | null;
  zeroVarianceGroups: number;
  groups: number;
  /** Groups drawn and dropped by online difficulty filtering (`filtered` source; 0 for the others). */
  filteredGroups: number;
  /** Rollouts spent in all: training (errored included), filtered out, and co-evolution's rigging. */
  totalRollouts: number;
  rounds: CoevolutionRound[];
  durationMs: number;
}

/** Options of {@link runTraining}. */
export interface RunTrainingOptions {
  runDirectory: string;
  /** Continue the run stored in `runDirectory` (its training.json wins over the config given). */
  resume?: boolean;
  env: EnvDefinition;
  cwd?: string;
  /**
   * Send every rollout — training groups, held-out evaluations and co-evolution's rig runs — to
   * `envrigger worker` processes through the Redis queue at this URL (`redis://HOST:PORT`);
   * absent, they run in this process. The weights come out the same for the same seed.
   */
  queue?: string;
  /**
   * How co-evolution builds each round's rig dependencies (`--source coevolve` needs it): the
   * product's is `(config, directory) => createRigDependencies(config, directory, { queue })`
   * from `src/app/`.
   */
  rigDependencies?: RigDependenciesFactory;
  /**
   * How stacks (stored, reverse-curriculum and co-evolved) are built for the episodes run
   * here: the product's is `productStackDependencies(cwd)` from `src/app/`.
   */
  stack: BuildStackDependencies;
  /** The reward function (default: the trainer's one reward path). */
  reward?: TrainingReward;
  onUpdate?: (stats: UpdateStats, total: number) => void;
  onEvaluation?: (point: HeldOutPoint) => void;
  onRound?: (round: CoevolutionRound) => void;
}

/** A fixed sample of `count` evaluation tasks (the same whatever the run's seed), in their listed order; all when absent. */
export function evaluationSample<T>(tasks: readonly T[], count: number | undefined): T[] {
  if (count === undefined || count >= tasks.length) return tasks.slice();
  const chosen = new Set(createRng(0x5eed).shuffle(tasks).slice(0, count));
  return tasks.filter((task) => chosen.has(task));
}

/** The learning curves of a run in the report's `curves.json` schema. */
export function trainingCurves(
  evaluations: readonly HeldOutPoint[],
  updates: readonly UpdateStats[],
  prefix = "",
): LearningCurves {
  const series: LearningCurves["series"] = [
    {
      name: `${prefix}held-out success`,
      points: evaluations.map((point) => ({ step: point.update, value: point.successRate })),
    },
  ];
  if (evaluations.some((point) => point.publicPassRate !== null)) {
    series.push({
      name: `${prefix}held-out public pass`,
      points: evaluations
        .filter((point) => point.publicPassRate !== null)
        .map((point) => ({ step: point.update, value: point.publicPassRate! })),
    });
  }
  series.push({
    name: `${prefix}training reward`,
    points: updates.map((stats) => ({ step: stats.update + 1, value: stats.meanReward })),
  });
  return { series };
}

/**
 * A training run in a directory: writes `training.json` first, appends one line per update
 * to `updates.jsonl`, checkpoints weights and optimizer atomically after every update, and
 * at the end writes `weights.json`, `curves.json` and `result.json`. With `resume`, it
 * continues from the last checkpoint (co-evolution rounds already finished are read back).
 */
export async function runTraining(
  input: TrainingRunConfigInput,
  options: RunTrainingOptions,
): Promise<TrainingRunResult> {
  // The queue is checked before anything is written: unreachable → QUEUE_UNREACHABLE, no half-made run.
  const executor = options.queue ? await openRolloutQueue(options.queue, { cwd: options.cwd }) : undefined;
  try {
    return await trainingRun(input, options, executor);
  } finally {
    await executor?.close();
  }
}

async function trainingRun(
  input: TrainingRunConfigInput,
  options: RunTrainingOptions,
  executor: RolloutExecutor | undefined,
): Promise<TrainingRunResult> {
  const started = performance.now();
  const paths = trainingRunPaths(options.runDirectory);
  let config: TrainingRunConfig;
  let resume: TrainingResumePoint | undefined;
  let model: LearnableModel;
  if (options.resume) {
    config = resumedRunFile(trainingRunConfigSchema, paths.config, "training run");
  } else {
    refuseExistingRun(paths.config, options.runDirectory, "training run");
    config = parseWith(trainingRunConfigSchema, input, "training configuration", "BAD_CONFIG");
  }
  if (config.env !== options.env.id)
    throw new EnvriggerError("BAD_ARGUMENT", `the training run is for env ${config.env}, not ${options.env.id}`);
  if (options.resume && existsSync(paths.checkpoint)) {
    const checkpoint = parseJsonText(checkpointSchema, readFileSync(paths.checkpoint, "utf8"), paths.checkpoint);
    model = modelFromWeightsFile(checkpoint.weights, paths.checkpoint);
    resume = {
      update: checkpoint.update,
      optimizer: checkpoint.optimizer,
      updates: checkpoint.updates as unknown as UpdateStats[],
      evaluations: checkpoint.evaluations as unknown as HeldOutPoint[],
    };
  } else {
    model = learnedModelOf(config.policy, config.env, options.cwd).clone(config.env);
  }
  if (!options.resume) writeRunFile(paths.config, config);
  const trainTasks = await options.env.listTasks(config.trainSplit);
  const evaluationTasks = evaluationSample(
    await options.env.listTasks(config.evaluation.split),
    config.evaluation.tasks,
  );
  let source: TrainingSource;
  let rounds: CoevolutionRound[] = [];
  if (config.source.kind === "original") source = originalSource(options.env, config.envOptions);
  else if (config.source.kind === "filtered")
    source = filteredSource(options.env, config.envOptions, {
      tasksPerUpdate: config.grpo.tasksPerUpdate,
      drawFactor: config.source.drawFactor,
    });
  else if (config.source.kind === "reverse") {
    if (!options.env.demonstrator)
      throw new EnvriggerError(
        "BAD_CONFIG",
        `env ${options.env.id} names no demonstrator: a reverse curriculum needs one`,
        {
          hint: "use --source original or coevolve, or give the env definition a demonstrator policy",
        },
      );
    source = reverseCurriculumSource({
      env: options.env,
      envOptions: config.envOptions,
      trainTasks,
      demonstrator: (await resolvePolicy(options.env.demonstrator, options.env.id, options.cwd)).factory,
      tasksPerUpdate: config.grpo.tasksPerUpdate,
      seed: config.grpo.seed,
      stack: options.stack,
    });
  } else if (config.source.kind === "stacks")
    source = storedStacksSource(
      options.env,
      config.envOptions,
      readStoredStacks(resolve(options.cwd ?? process.cwd(), config.source.path), config.env),
      config.grpo.seed,
      options.stack,
    );
  else {
    if (!options.rigDependencies)
      throw new EnvriggerError(
        "BAD_CONFIG",
        "a co-evolution source needs rigDependencies (how each round builds its rig dependencies)",
      );
    const coevolution = coevolutionSource({
      env: options.env,
      envOptions: config.envOptions,
      trainTasks,
      every: config.source.every,
      tasksPerUpdate: config.grpo.tasksPerUpdate,
      roundTasks: config.source.roundTasks,
      directory: paths.coevolution,
      target: config.source.target,
      designer: config.source.designer,
      k: config.source.k,
      kMax: config.source.kMax,
      confidence: config.source.confidence,
      confirmationEpisodes: config.source.confirmationEpisodes,
      revisions: config.source.revisions,
      validation: config.source.validation,
      seed: config.grpo.seed,
      group: config.grpo.group,
      rigDependencies: options.rigDependencies,
      stack: options.stack,
      ...(options.env.demonstrator
        ? { demonstrator: (await resolvePolicy(options.env.demonstrator, options.env.id, options.cwd)).factory }
        : {}),
      onRound: options.onRound,
    });
    rounds = coevolution.rounds;
    source = coevolution;
  }
  const result = await trainPolicy({
    executor,
    env: options.env,
    model,
    config: config.grpo,
    trainTasks,
    source,
    rewardSource: config.rewardSource,
    reward: options.reward ?? trainingReward,
    resume,
    ...(config.totalRollouts === undefined ? {} : { totalRollouts: config.totalRollouts }),
    evaluation: {
      every: config.evaluation.every,
      run: (current, update, trainingEpisodes) =>
        evaluateHeldOut(current, update, trainingEpisodes, {
          env: options.env,
          envOptions: config.envOptions,
          tasks: evaluationTasks,
          episodes: config.evaluation.episodes,
          seed: config.grpo.seed,
          concurrency: config.grpo.concurrency,
          executor,
        }),
    },
    onEvaluation: options.onEvaluation,
    onUpdate(stats, state) {
      appendJsonLine(paths.updates, stats);
      writeJsonAtomic(paths.checkpoint, {
        update: state.update,
        weights: weightsFileOf(model),
        optimizer: state.optimizer,
        updates: state.updates,
        evaluations: state.evaluations,
      });
      options.onUpdate?.(stats, config.grpo.updates);
    },
  });
  await source.close?.();
  saveLearnedWeights(paths.weights, model);
  writeJsonAtomic(paths.curves, trainingCurves(result.evaluations, result.updates));
  const summary: TrainingRunResult = {
    runId: config.runId,
    runDirectory: options.runDirectory,
    env: config.env,
    source: config.source.kind,
    weights: paths.weights,
    updates: result.updates.length,
    trainingEpisodes: result.updates.reduce((sum, stats) => sum + stats.episodes, 0),
    erroredEpisodes: result.updates.reduce((sum, stats) => sum + stats.errored, 0),
    curve: result.evaluations,
    final: result.evaluations.at(-1) ?? null,
    zeroVarianceGroups: result.updates.reduce((sum, stats) => sum + stats.zeroVarianceGroups, 0),
    groups: result.updates.reduce((sum, stats) => sum + stats.groups, 0),
    filteredGroups: result.updates.reduce((sum, stats) => sum + (stats.filteredGroups ?? 0), 0),
    totalRollouts: spentRollouts(result.updates, source),
    rounds,
    durationMs: performance.now() - started,
  };
  writeJsonAtomic(paths.result, { ...summary, config });
  return summary;
}
