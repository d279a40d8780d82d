import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { z } from "zod";
import { appendJsonLine, writeJsonAtomic } from "../core/atomic-write.js";
import type { EnvDefinition } from "../core/env-definition.js";
import { jsonObjectSchema } from "../core/json.js";
import { parseJsonText, parseWith } from "../core/validate.js";
import { openRolloutQueue } from "../queue/open-rollout-queue.js";
import type { BuildStackDependencies } from "../harness/build-stack.js";
import type { HeldOutPoint } from "./evaluate-held-out.js";
import type { RigDependenciesFactory } from "../curriculum/run-curriculum.js";
import { grpoConfigSchema } from "./grpo-config.js";
import { experimentSettingTable } from "./experiment-settings.js";
import { runTraining, trainingRunPaths, type TrainingRunResult } from "./run-training.js";
import { updateFractionsOf } from "./update-fractions.js";
import { experimentCurves } from "./experiment-curves.js";
export { experimentCurves } from "./experiment-curves.js";
import { coevolveSourceSchema, trainingRunConfigSchema, type TrainingRunConfigInput } from "./training-run-config.js";
import { trainingReward, type TrainingReward } from "./training-reward.js";
import { addCosts, runCostSchema, totalTokens, type CostRecord, type RunCost } from "../run-format/cost-record.js";

/**
 * The experiment's arms: trained on the original tasks; on co-evolved harness stacks of the
 * same tasks (the designer in the loop); or on a reverse curriculum of them (start states
 * replayed from the env demonstrator's solution at uniformly random depth, no designer).
 */
export { type SeedSpread, seedInterval } from "./seed-spread.js";
import { type SeedSpread, seedInterval, spread } from "./seed-spread.js";

export { EXPERIMENT_ARMS, type ExperimentArm } from "./experiment-arm.js";
import { armRigs, armTrainingConfig, type ExperimentArm } from "./experiment-arm.js";
import { refuseExistingRun, resumedRunFile, writeRunFile } from "../run-format/run-file.js";

/** An experiment's configuration, `runs/<id>/experiment.json`. */
export const experimentConfigSchema = z.object({
  runId: z.string(),
  env: z.string(),
  envOptions: jsonObjectSchema.default({}),
  rewardSource: z.enum(["evaluation", "env"]),
  /** The arms run, in this order (default original, harness, reverse; `reverse` needs an env with a demonstrator). */
  arms: experimentSettingTable.arms.schema,
  /** Seeds 0 … seeds − 1; each seed trains every arm from the same initial weights. */
  seeds: experimentSettingTable.seeds.schema,
  grpo: grpoConfigSchema.omit({ seed: true }),
  /**
   * Every arm's total rollouts per seed — training, filtering and rigging — so arms compare at
   * equal total budget (absent: equal training episodes, `grpo.updates` each). `grpo.updates`
   * stays the cap: set it to at least totalRollouts / (tasksPerUpdate × group).
   */
  totalRollouts: experimentSettingTable.totalRollouts.schema,
  /** The `filtered` arm: at most this many × tasksPerUpdate groups drawn per update. */
  filterDrawFactor: z.number().min(1).max(64).default(4),
  /** The `ceiling` arm: this many × the budget (and updates), on the held-out tasks themselves. */
  ceilingFactor: z.number().int().min(1).max(100).default(10),
  evaluation: trainingRunConfigSchema.shape.evaluation,
  /** The co-evolution settings of the harness arm. */
  coevolution: coevolveSourceSchema.omit({ kind: true }),
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
  /** Rollouts the co-evolution rounds spent rigging (harness arm; 0 for the others): its extra cost. */
  riggingRollouts: number;
  /** Everything the co-evolution rounds' rigging spent (rollouts, env steps, wall time, tokens; zeros for the other arms). */
  riggingCost: CostRecord;
  /** Per update, the fraction of training groups whose rewards were all equal (no gradient). */
  zeroVarianceFractions: number[];
  /** Per update, the fraction of training groups that ran on a harness stack called in band (trial stacks not counted). */
  coverage: number[];
  /** Per update, the fraction of training groups on a co-evolved stack still on trial (`--validation training`; else 0). */
  trialCoverage: number[];
  /** Per update, the fraction of drawn groups online difficulty filtering dropped (`filtered` arm; 0 otherwise). */
  filteredFractions: number[];
  /** Rollouts spent in all: training (errored included), filtered out, and rigging — what the arm paid. */
  totalRollouts: number;
  runDirectory: string;
}

/** The experiment's result (`result.json`, and `experiment --json`). */
export interface ExperimentResult {
  runId: string;
  runDirectory: string;
  env: string;
  reward: string;
  seeds: number;
  /**
   * Seeds every arm finished, which the summaries, differences and intervals are over: all
   * of them, or fewer when only the finished runs were read (`finishedOnly`, an experiment
   * cut short).
   */
  seedsFinished: number;
  runs: ExperimentRun[];
  arms: Partial<Record<ExperimentArm, ArmSummary>>;
  /** Harness minus original final held-out success, per seed, with its mean and spread (sample standard deviation). */
  difference: SeedSpread;
  /** Every pair of arms run: the first minus the second, final held-out success, with a 95 % t interval over seeds. */
  differences: ArmDifference[];
  /** The same for the public pass rate (envs that report it), else null. */
  publicPassDifference: SeedSpread | null;
  durationMs: number;
}

/** One arm over seeds. */
export interface ArmSummary {
  meanSuccess: number;
  meanPublicPass: number | null;
  trainingEpisodes: number;
  /** Mean rigging rollouts per seed (the harness arm's extra cost; 0 for the others). */
  riggingRollouts: number;
  /** Mean rigging tokens per seed, policy and designer, prompt + completion (0 without LLMs). */
  riggingTokens: number;
  /**
   * The arm's rigging rollouts and tokens (policy and designer) over all seeds, divided by the
   * stacks its rounds accepted; null when none was accepted (or the arm does not rig).
   */
  riggingPerAcceptedEnv: { rollouts: number; tokens: number } | null;
  /** Mean total rollouts per seed (training + filtering + rigging): equal across arms at an equal budget. */
  totalRollouts: number;
  /**
   * Fraction of training groups on a harness stack called in band, over seeds and the updates
   * after the first co-evolution round (every update for the arms that do not rig).
   */
  coverage: number;
  /** The same for groups on co-evolved stacks still on trial (`--validation training`; else 0). */
  trialCoverage: number;
  /** Fraction of all training groups, over updates and seeds, with zero reward variance. */
  zeroVarianceFraction: number;
  /** Per update, that fraction averaged over seeds (the mechanism's curve). */
  zeroVarianceCurve: number[];
}

/** `first` minus `second`, final held-out success, paired by seed. */
export interface ArmDifference extends SeedSpread {
  first: ExperimentArm;
  second: ExperimentArm;
  /** 95 % t interval of the mean over seeds (null with one seed). */
  interval: [number, number] | null;
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
  /** How stacks are built for the episodes run here (the product's: `productStackDependencies`). */
  stack: BuildStackDependencies;
  /** The one reward function both arms train with. */
  reward?: TrainingReward;
  onRunStart?: (arm: ExperimentArm, seed: number, index: number, total: number) => void;
  onRunDone?: (run: ExperimentRun) => void;
  /**
   * Run nothing: read the arm × seed runs that finished and summarize the seeds every arm
   * finished (an experiment cut short, or still running in another process). Needs an
   * existing experiment directory; the summary goes to `partial-result.json` unless every
   * run finished.
   */
  finishedOnly?: boolean;
}

const finishedRunSchema = z.object({
  trainingEpisodes: z.number(),
  totalRollouts: z.number().optional(),
  curve: z.array(z.record(z.string(), z.unknown())),
  rounds: z.array(z.object({ accepted: z.array(z.unknown()), rollouts: z.number(), cost: runCostSchema })),
});

/** What a run's co-evolution rounds spent rigging, summed. */
function riggingCostOf(rounds: Array<{ cost: RunCost }>): CostRecord {
  return addCosts(...rounds.map((round) => round.cost.total));
}

/** Policy and designer tokens, prompt and completion. */
function riggingTokensOf(cost: CostRecord): number {
  return totalTokens(cost.policyTokens) + totalTokens(cost.designerTokens);
}

/** What one accepted stack cost an arm's rigging, over all its seeds (null when none was accepted). */
function perAcceptedEnv(runs: ExperimentRun[]): ArmSummary["riggingPerAcceptedEnv"] {
  const accepted = runs.reduce((sum, run) => sum + run.acceptedPerRound.reduce((total, count) => total + count, 0), 0);
  if (accepted === 0) return null;
  const sum = (value: (run: ExperimentRun) => number) => runs.reduce((total, run) => total + value(run), 0);
  return {
    rollouts: sum((run) => run.riggingCost.rollouts) / accepted,
    tokens: sum((run) => riggingTokensOf(run.riggingCost)) / accepted,
  };
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
  if (options.queue) await (await openRolloutQueue(options.queue, { cwd: options.cwd })).close();
  let config: ExperimentConfig;
  if (options.resume || options.finishedOnly) {
    config = resumedRunFile(experimentConfigSchema, configPath, "experiment");
  } else {
    refuseExistingRun(configPath, options.runDirectory, "experiment");
    config = parseWith(experimentConfigSchema, input, "experiment configuration", "BAD_CONFIG");
    writeRunFile(configPath, config);
  }
  const reward = options.reward ?? trainingReward;
  const runs: ExperimentRun[] = [];
  const total = config.seeds * config.arms.length;
  for (let seed = 0; seed < config.seeds; seed++) {
    for (const arm of config.arms) {
      const runDirectory = join(options.runDirectory, arm, `seed-${seed}`);
      const paths = trainingRunPaths(runDirectory);
      // A run that finished earlier is read back; the others are trained now (or, when only
      // finished runs are read, skipped).
      const trainedNow = !existsSync(paths.result);
      if (options.finishedOnly && trainedNow) continue;
      options.onRunStart?.(arm, seed, runs.length, total);
      let finished: {
        trainingEpisodes: number;
        curve: HeldOutPoint[];
        acceptedPerRound: number[];
        riggingRollouts: number;
        riggingCost: CostRecord;
        totalRollouts: number;
      };
      if (!trainedNow) {
        const stored = parseJsonText(finishedRunSchema, readFileSync(paths.result, "utf8"), paths.result);
        finished = {
          trainingEpisodes: stored.trainingEpisodes,
          curve: stored.curve as unknown as HeldOutPoint[],
          acceptedPerRound: stored.rounds.map((round) => round.accepted.length),
          riggingRollouts: stored.rounds.reduce((sum, round) => sum + round.rollouts, 0),
          riggingCost: riggingCostOf(stored.rounds),
          // Runs finished before the total was recorded: training episodes and rigging.
          totalRollouts:
            stored.totalRollouts ??
            stored.trainingEpisodes + stored.rounds.reduce((sum, round) => sum + round.rollouts, 0),
        };
      } else {
        const training: TrainingRunConfigInput = armTrainingConfig(config, arm, seed);
        const result: TrainingRunResult = await runTraining(training, {
          runDirectory,
          resume: existsSync(paths.config),
          env: options.env,
          cwd: options.cwd,
          queue: options.queue,
          rigDependencies: options.rigDependencies,
          stack: options.stack,
          reward,
        });
        finished = {
          trainingEpisodes: result.trainingEpisodes,
          curve: result.curve,
          acceptedPerRound: result.rounds.map((round) => round.accepted.length),
          riggingRollouts: result.rounds.reduce((sum, round) => sum + round.rollouts, 0),
          riggingCost: riggingCostOf(result.rounds),
          totalRollouts: result.totalRollouts,
        };
      }
      const fractions = updateFractionsOf(runDirectory);
      const run: ExperimentRun = {
        arm,
        seed,
        ...finished,
        zeroVarianceFractions: fractions.zeroVariance,
        coverage: fractions.coverage,
        trialCoverage: fractions.trialCoverage,
        filteredFractions: fractions.filtered,
        final: finished.curve.at(-1)!,
        runDirectory,
      };
      runs.push(run);
      // The log has a line per run as it finishes: a run read back (resumed, summarized) has one already.
      if (trainedNow) appendJsonLine(join(options.runDirectory, "runs.jsonl"), { arm, seed, final: run.final });
      options.onRunDone?.(run);
    }
  }
  // Seeds every arm finished (all of them unless only finished runs were read): the
  // summaries pair arms by seed, so a seed some arm has not finished is left out of them.
  const complete = new Set(
    Array.from({ length: config.seeds }, (_, seed) => seed).filter((seed) =>
      config.arms.every((arm) => runs.some((run) => run.arm === arm && run.seed === seed)),
    ),
  );
  const finalOf = (arm: ExperimentArm) =>
    runs.filter((run) => run.arm === arm && complete.has(run.seed)).sort((left, right) => left.seed - right.seed);
  const mean = (values: readonly number[]) =>
    values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  const armSummary = (arm: ExperimentArm): ArmSummary => {
    const mine = finalOf(arm);
    const publics = mine.map((run) => run.final.publicPassRate).filter((value): value is number => value !== null);
    const updates = Math.max(0, ...mine.map((run) => run.zeroVarianceFractions.length));
    return {
      meanSuccess: mean(mine.map((run) => run.final.successRate)),
      meanPublicPass: publics.length === mine.length ? mean(publics) : null,
      trainingEpisodes: mine[0]?.trainingEpisodes ?? 0,
      riggingRollouts: mean(mine.map((run) => run.riggingRollouts)),
      riggingTokens: mean(mine.map((run) => riggingTokensOf(run.riggingCost))),
      riggingPerAcceptedEnv: perAcceptedEnv(mine),
      totalRollouts: mean(mine.map((run) => run.totalRollouts)),
      coverage: mean(mine.flatMap((run) => run.coverage.slice(armRigs(arm) ? config.coevolution.every : 0))),
      trialCoverage: mean(mine.flatMap((run) => run.trialCoverage.slice(armRigs(arm) ? config.coevolution.every : 0))),
      zeroVarianceFraction: mean(mine.flatMap((run) => run.zeroVarianceFractions)),
      zeroVarianceCurve: Array.from({ length: updates }, (_, index) =>
        mean(mine.flatMap((run) => run.zeroVarianceFractions.slice(index, index + 1))),
      ),
    };
  };
  const pairs: ArmDifference[] = [];
  for (const [index, first] of config.arms.entries())
    for (const second of config.arms.slice(index + 1)) {
      const left = finalOf(first);
      const right = finalOf(second);
      // The later arm of the list minus the earlier one (harness − original, reverse − original, reverse − harness).
      const values = right.map((run, position) => run.final.successRate - left[position]!.final.successRate);
      pairs.push({ first: second, second: first, ...spread(values), interval: seedInterval(values) });
    }
  const original = finalOf("original");
  const harness = finalOf("harness");
  const publicKnown = runs.every((run) => run.final.publicPassRate !== null);
  const result: ExperimentResult = {
    runId: config.runId,
    runDirectory: options.runDirectory,
    env: config.env,
    reward: config.rewardSource === "evaluation" ? "evaluation" : String(config.envOptions.reward ?? "env"),
    seeds: config.seeds,
    seedsFinished: complete.size,
    runs,
    arms: Object.fromEntries(config.arms.map((arm) => [arm, armSummary(arm)])),
    difference: spread(harness.map((run, index) => run.final.successRate - (original[index]?.final.successRate ?? 0))),
    differences: pairs,
    publicPassDifference:
      publicKnown && harness.length > 0 && original.length > 0
        ? spread(harness.map((run, index) => run.final.publicPassRate! - original[index]!.final.publicPassRate!))
        : null,
    durationMs: performance.now() - started,
  };
  if (complete.size === config.seeds) {
    writeJsonAtomic(join(options.runDirectory, "curves.json"), experimentCurves(runs));
    writeJsonAtomic(join(options.runDirectory, "result.json"), { ...result, config });
  } else {
    writeJsonAtomic(join(options.runDirectory, "partial-result.json"), { ...result, config });
  }
  return result;
}
