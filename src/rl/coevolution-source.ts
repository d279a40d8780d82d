import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { writeJsonAtomic } from "../core/atomic-write.js";
import type { EnvDefinition } from "../core/env-definition.js";
import type { JsonObject } from "../core/json.js";
import { deriveSeed } from "../core/seeding.js";
import type { TaskInfo } from "../core/task.js";
import { parseJsonText } from "../core/validate.js";
import type { CandidateLayer } from "../designer/candidate.js";
import type { Target } from "../designer/target.js";
import type { LearnableModel } from "../policies/learnable/learnable-model.js";
import { saveLearnedWeights } from "../policies/learnable/learned-weights-file.js";
import { readCandidateRecord } from "../rigger/candidate-store.js";
import type { BuildStackDependencies } from "../harness/build-stack.js";
import { stackEnvironment } from "./stack-environment.js";
import type { StoredStack } from "./stored-stacks-source.js";
import type { TrainingSource } from "./training-source.js";
import type { PolicyFactory } from "../core/policy.js";
import { demonstrationEpisodes } from "./demonstration-episodes.js";
import { guardedStack, shortcutGuards, type RoundShortcutGuards } from "./coevolution-guards.js";
import { coevolutionRoundSchema, type CoevolutionRound } from "../run-format/coevolution-round.js";
import { inProcessExecutor, runCurriculum, type RigDependenciesFactory } from "../curriculum/run-curriculum.js";
import { runPaths } from "../run-format/run-paths.js";
import { runCostOf } from "../run-format/cost-record.js";
import { createRng } from "../core/seeding.js";
import { StackBandMeasure } from "./stack-band-measure.js";
import { tasksOfUpdate } from "./train-policy.js";
import { trainingSettingTable } from "./training-settings.js";
import { judgeTrial, trialOfRecord, trialsOfRound, type TrialStack } from "./trial-stacks.js";

/** Options of {@link coevolutionSource}. */
export interface CoevolutionOptions {
  env: EnvDefinition;
  envOptions: JsonObject;
  trainTasks: readonly Pick<TaskInfo, "id" | "group">[];
  /** Re-rig every this many updates (M); round r freezes the policy after r × M updates. */
  every: number;
  /** The trainer's tasks per update and seed: a round rigs the tasks of its block of updates. */
  tasksPerUpdate: number;
  /** At most this many tasks rigged per round (a seeded sample of the block's tasks that need it). */
  roundTasks: number;
  /** Where rounds are recorded (`<run>/coevolution`). */
  directory: string;
  target: Target;
  designer: string;
  k: number;
  kMax: number;
  /** The decision rule's confidence and confirmation batch (curriculum defaults when absent). */
  confidence?: number;
  confirmationEpisodes?: number;
  revisions: number;
  /**
   * How candidates are validated (default `rigging`): `rigging` — by the rigger's rollouts, up
   * to the rule's cap; `training` — a round rigs each task under a budget of 2 K rollouts (its
   * baseline and one probe of the aimed candidate), a candidate the probe does not place outside
   * the band trains as a trial stack, and before each later round the rule over the probe and
   * the learner's training groups on it (`judgeTrial`) calls it in band, keeps it on trial or drops it.
   */
  validation?: "rigging" | "training";
  seed: number;
  /** The trainer's group size G: with a total budget, a round leaves the next block's training episodes (every × tasksPerUpdate × G) unspent. */
  group?: number;
  /** The env's demonstrator (`EnvDefinition.demonstrator`, resolved), when it names one: its demonstrations tell a shortcut from a partial score. */
  demonstrator?: PolicyFactory;
  /** Builds each round's rig dependencies (the product's: `createRigDependencies`, with the run's queue if any). */
  rigDependencies: RigDependenciesFactory;
  /** How the rounds' stacks are built for training (the product's: `productStackDependencies`). */
  stack: BuildStackDependencies;
  onRound?: (round: CoevolutionRound) => void;
}

function layerNames(path: string): string[] {
  return readCandidateRecord(path).stack.layers.map((layer) =>
    layer.kind === "rules" ? (layer.name ?? "rules") : layer.kind,
  );
}

/**
 * Co-evolution: before update r × M, freeze a snapshot of the policy, re-run the rigger
 * (a curriculum over the training tasks, heuristic designer by default, band target)
 * against that snapshot, and from then on train each task on its latest accepted stack
 * (a task never accepted trains on the original env) — the environments follow the
 * learner. A round rigs only the tasks the next block of M updates will train on (the
 * trainer's seeded task sample), less those whose stack from an earlier round the learner's
 * own training groups still measure inside the band (kept; see `StackBandMeasure`), sampled
 * down to `roundTasks` (seeded): a stack measured outside the band is dropped, and its task
 * is rigged again when a block needs it. A task whose round showed rewarded failures (reward paid, verdict failed) trains
 * under the Rules layer that refuses the call marking them, innermost, whether or not a stack
 * was accepted for it: the shortcut is never trained on while the band search for that
 * task is still failing, and the reward stays the env's. When the round's episodes of all
 * tasks together show such a call, every other task trains under that Rules layer too (the
 * reward is one function for all tasks; a learner that found the shortcut on some tasks
 * would learn it on any task left open). Those Rules layers stay for the rest of training. Each round is a curriculum run under `<directory>/round-<r>/` plus its
 * `round.json`; a finished round is read back instead of redone, an interrupted one resumes
 * from its checkpoints, so a killed training run continues where it stopped.
 */
export function coevolutionSource(options: CoevolutionOptions): TrainingSource & { rounds: CoevolutionRound[] } {
  const stacks = new Map<string, StoredStack>();
  // Per task, the Rules layer closing the reward shortcut its rig rounds saw (the latest one found);
  // kept for the rest of training: the reward that paid the shortcut does not change.
  const guards = new Map<string, CandidateLayer>();
  // The Rules layer the latest round's pooled episodes called for, for every task without its own.
  let sharedGuard: CandidateLayer | null = null;
  const taskIds = options.trainTasks.map((task) => task.id);
  const rounds: CoevolutionRound[] = [];
  const measure = new StackBandMeasure();
  // The update each task's current stack was accepted at (its in-band measure counts from there).
  const acceptedAt = new Map<string, number>();
  // Stacks training on trial: not yet called in band by the rule (validation `training`).
  const trials = new Map<string, TrialStack>();
  const validation = options.validation ?? trainingSettingTable.validation.default;
  const roundDirectory = (round: number) => resolve(options.directory, `round-${round}`);
  const demonstrations = options.demonstrator
    ? demonstrationEpisodes(
        options.env,
        options.envOptions,
        options.demonstrator,
        options.seed,
        "co-evolution shortcut demonstration",
      )
    : undefined;

  // `found`: the round's guards when this process just computed them (a round read back from
  // round.json reads them again from its checkpoints).
  const apply = async (round: CoevolutionRound, found?: RoundShortcutGuards) => {
    for (const taskId of round.dropped) {
      stacks.delete(taskId);
      acceptedAt.delete(taskId);
      trials.delete(taskId);
    }
    for (const taskId of round.validated) trials.delete(taskId);
    for (const entry of round.accepted) {
      stacks.set(entry.taskId, { spec: readCandidateRecord(entry.candidate).stack, label: entry.candidate });
      acceptedAt.set(entry.taskId, round.update);
      trials.delete(entry.taskId);
    }
    for (const entry of round.trials) {
      const trial = trialOfRecord(round, entry);
      stacks.set(trial.taskId, { spec: trial.spec, label: `trial stack of round ${round.round}` });
      acceptedAt.set(trial.taskId, round.update);
      trials.set(trial.taskId, trial);
    }
    if (round.guarded.length > 0 || round.guardedEnvWide) {
      found ??= await shortcutGuards(round.runDirectory, options.env, options.envOptions, taskIds, demonstrations);
      for (const [taskId, guard] of found.perTask) guards.set(taskId, guard);
      if (round.guardedEnvWide && found.shared) sharedGuard = found.shared;
    }
    rounds.push(round);
  };

  const runRound = async (
    round: number,
    update: number,
    model: LearnableModel,
    budget: { remaining: number } | undefined,
  ): Promise<{ record: CoevolutionRound; found: RoundShortcutGuards }> => {
    const started = performance.now();
    const directory = roundDirectory(round);
    const snapshot = join(directory, "policy.json");
    // The snapshot at update r × M is the same after a resume (training is deterministic), so rewriting it is harmless.
    saveLearnedWeights(snapshot, model.clone(options.env.id));
    const runDirectory = join(directory, "rig");
    // The tasks the next block of updates trains on; a stack the learner still measures in band stays.
    const block = new Set<string>();
    for (let next = update; next < update + options.every; next++)
      for (const task of tasksOfUpdate(options.trainTasks, options.tasksPerUpdate, options.seed, next))
        block.add(task.id);
    const kept: string[] = [];
    const dropped: string[] = [];
    const validated: string[] = [];
    for (const taskId of stacks.keys()) {
      const trial = trials.get(taskId);
      if (trial) {
        // A trial stack is judged by the decision rule itself over the probe and the learner's groups.
        const verdict = judgeTrial(trial, measure, options.target, update, options.every, options.confidence).kind;
        if (verdict === "out") dropped.push(taskId);
        else kept.push(taskId);
        if (verdict === "in") validated.push(taskId);
      } else if (measure.inBand(taskId, options.target, acceptedAt.get(taskId) ?? 0, update)) kept.push(taskId);
      else dropped.push(taskId);
    }
    const keptSet = new Set(kept);
    const needed = options.trainTasks.filter((task) => block.has(task.id) && !keptSet.has(task.id));
    // Under a total budget the round's rigging spends at most what is left after the next block's training.
    const roundBudget =
      budget === undefined
        ? undefined
        : budget.remaining - options.every * options.tasksPerUpdate * (options.group ?? 0);
    const sampled =
      needed.length <= options.roundTasks
        ? needed
        : createRng(deriveSeed(options.seed, "coevolution sample", round))
            .shuffle(needed)
            .slice(0, options.roundTasks)
            .sort((left, right) => needed.indexOf(left) - needed.indexOf(right));
    const rigged = roundBudget !== undefined && roundBudget < 1 ? [] : sampled;
    // A round with nothing to rig (every task kept, or no budget left) runs no curriculum.
    const result =
      rigged.length === 0
        ? null
        : await runCurriculum(
            {
              runId: `coevolution-round-${round}`,
              env: options.env.id,
              envOptions: options.envOptions,
              split: "train",
              taskIds: rigged.map((task) => task.id),
              policy: `learned:${snapshot}`,
              designer: options.designer,
              target: options.target,
              k: options.k,
              kMax: options.kMax,
              ...(options.confidence === undefined ? {} : { confidence: options.confidence }),
              ...(options.confirmationEpisodes === undefined
                ? {}
                : { confirmationEpisodes: options.confirmationEpisodes }),
              revisions: options.revisions,
              seed: deriveSeed(options.seed, "coevolution round", round) & 0x7fffffff,
              candidatesDir: join(directory, "candidates"),
              ...(roundBudget !== undefined && roundBudget >= 1 ? { budgetTotal: Math.floor(roundBudget) } : {}),
              // Validated by training: the baseline and one probe of the aimed candidate per task.
              ...(validation === "training" ? { budgetRollouts: 2 * options.k } : {}),
            },
            {
              runDirectory,
              resume: existsSync(runPaths(runDirectory).config),
              env: options.env,
              executor: inProcessExecutor(options.rigDependencies),
              // What the earlier rounds measured aims this round's first candidates too.
              aimFromRuns: rounds.map((earlier) => ({
                runDirectory: earlier.runDirectory,
                taskIds: [...earlier.accepted.map((entry) => entry.taskId), ...earlier.rejected, ...earlier.skipped],
              })),
            },
          );
    const riggedTasks = result?.tasks ?? [];
    const accepted = riggedTasks
      .filter((task) => task.outcome === "accepted" && task.candidate !== null && task.accepted !== null)
      .map((task) => ({
        taskId: task.taskId,
        candidate: resolve(task.candidate!),
        baselineSuccess: task.baseline.successRate,
        successRate: task.accepted!.successRate,
        successInterval: task.accepted!.successInterval,
        episodes: task.accepted!.episodes,
        layers: layerNames(resolve(task.candidate!)),
      }));
    const roundTrials =
      validation === "training" && result
        ? await trialsOfRound(
            runDirectory,
            options.env.id,
            rigged.map((task) => task.id),
            update,
            options.target,
            options.confidence,
          )
        : [];
    const found: RoundShortcutGuards = result
      ? await shortcutGuards(runDirectory, options.env, options.envOptions, taskIds, demonstrations)
      : { perTask: new Map(), shared: null };
    const everyTask = sharedGuard !== null || found.shared !== null;
    const stacked = new Set([
      ...[...stacks.keys()].filter((taskId) => !dropped.includes(taskId)),
      ...guards.keys(),
      ...found.perTask.keys(),
      ...accepted.map((entry) => entry.taskId),
      ...roundTrials.map((trial) => trial.taskId),
      ...(everyTask ? taskIds : []),
    ]);
    const record: CoevolutionRound = {
      round,
      update,
      snapshot,
      runDirectory,
      accepted,
      rejected: riggedTasks.filter((task) => task.outcome === "rejected").map((task) => task.taskId),
      skipped: riggedTasks.filter((task) => task.outcome === "skipped").map((task) => task.taskId),
      guarded: [...found.perTask.keys()].sort(),
      guardedEnvWide: found.shared !== null,
      rigged: rigged.map((task) => task.id),
      kept: kept.sort(),
      dropped: dropped.sort(),
      validation,
      trials: roundTrials.map(({ update: _update, spec, ...trial }) => ({ ...trial, stack: spec })),
      validated: validated.sort(),
      rollouts: riggedTasks.reduce((sum, task) => sum + task.rollouts, 0),
      cost: result?.summary.cost ?? runCostOf([], 0),
      stackedTasks: stacked.size,
      durationMs: performance.now() - started,
    };
    writeJsonAtomic(join(directory, "round.json"), record);
    return { record, found };
  };

  return {
    kind: "coevolve",
    rounds,
    spentRollouts: () => rounds.reduce((sum, round) => sum + round.cost.total.rollouts, 0),
    async prepare(update, model, budget) {
      const current = Math.floor(update / options.every);
      for (let round = rounds.length; round <= current; round++) {
        const path = join(roundDirectory(round), "round.json");
        const ran = existsSync(path)
          ? { record: parseJsonText(coevolutionRoundSchema, readFileSync(path, "utf8"), path), found: undefined }
          : await runRound(round, update, model, budget);
        const record = ran.record;
        await apply(record, ran.found);
        options.onRound?.(record);
      }
    },
    observe(stats) {
      measure.observe(stats);
    },
    environmentOf(taskId) {
      const guard = guards.get(taskId) ?? sharedGuard;
      const stack = stacks.get(taskId);
      const environment = stackEnvironment(
        options.env,
        options.envOptions,
        taskId,
        guard ? guardedStack(options.env, options.envOptions, taskId, guard, stack) : stack,
        options.stack,
      );
      return trials.has(taskId) ? { ...environment, trial: true } : environment;
    },
  };
}
