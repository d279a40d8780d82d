import type { EnvDefinition } from "../core/env-definition.js";
import { createRng, deriveSeed } from "../core/seeding.js";
import type { TaskInfo } from "../core/task.js";
import type { LearnableModel } from "../policies/learnable/learnable-model.js";
import { learnedPolicyFor } from "../policies/learnable/resolve-learned-policy.js";
import { AdamOptimizer, type AdamState } from "./adam-optimizer.js";
import type { HeldOutPoint } from "./evaluate-held-out.js";
import type { GrpoConfig } from "./grpo-config.js";
import { grpoUpdate, type UpdateStats } from "./grpo-update.js";
import type { RolloutExecutor } from "../rollout/rollout-executor.js";
import { learnedSnapshotSpec } from "./run-training-rollouts.js";
import type { TrainingSource } from "./training-source.js";
import { trainingReward, type RewardSource, type TrainingReward } from "./training-reward.js";

/** Where a training loop continues from (a checkpoint). */
export interface TrainingResumePoint {
  /** Updates already done. */
  update: number;
  optimizer: AdamState;
  updates: UpdateStats[];
  evaluations: HeldOutPoint[];
}

/** Options of {@link trainPolicy}. */
export interface TrainPolicyOptions {
  env: EnvDefinition;
  /** The model to train (updated in place). */
  model: LearnableModel;
  config: GrpoConfig;
  trainTasks: readonly Pick<TaskInfo, "id" | "group">[];
  source: TrainingSource;
  rewardSource: RewardSource;
  /** The reward function (default {@link trainingReward}; the same for every arm). */
  reward?: TrainingReward;
  /** Held-out evaluation every `every` updates (and before the first and after the last). */
  evaluation?: {
    every: number;
    run(model: LearnableModel, update: number, trainingEpisodes: number): Promise<HeldOutPoint>;
  };
  resume?: TrainingResumePoint;
  /**
   * Stop once this many rollouts are spent in all ({@link spentRollouts}: training, filtering,
   * the source's rigging), checked before each update — or at `config.updates`, whichever
   * comes first. The last update may overrun it by at most its own rollouts.
   */
  totalRollouts?: number;
  /**
   * Where the training rollouts run: absent, in this process (`config.concurrency` episodes in
   * flight); given, as rollout batches on this executor (e.g. `envrigger worker` processes
   * behind `--queue`), with the snapshot shipped as a learned weights artifact. Same seed,
   * same weights either way.
   */
  executor?: RolloutExecutor;
  /** After each update (checkpoint here); `optimizer` is the state to store. */
  onUpdate?(stats: UpdateStats, state: TrainingResumePoint): void;
  onEvaluation?(point: HeldOutPoint): void;
}

/** The result of a training loop. */
export interface TrainPolicyResult {
  model: LearnableModel;
  updates: UpdateStats[];
  evaluations: HeldOutPoint[];
}

/** The tasks of update `update`: a seeded sample of `count` train tasks without replacement. */
export function tasksOfUpdate<T>(tasks: readonly T[], count: number, seed: number, update: number): T[] {
  if (count >= tasks.length) return tasks.slice();
  return taskOrderOfUpdate(tasks, seed, update).slice(0, count);
}

/** Every train task in update `update`'s seeded order: {@link tasksOfUpdate} is its first `count` (when fewer than all). */
export function taskOrderOfUpdate<T>(tasks: readonly T[], seed: number, update: number): T[] {
  return createRng(deriveSeed(seed, "tasks", update)).shuffle(tasks);
}

/**
 * Rollouts a training loop has spent: its groups' episodes (errored and filtered-out ones
 * included) and what its source spent besides (co-evolution's rigging, demonstrations).
 */
export function spentRollouts(updates: readonly UpdateStats[], source: Pick<TrainingSource, "spentRollouts">): number {
  return (
    updates.reduce((sum, stats) => sum + stats.episodes + stats.errored + (stats.filteredEpisodes ?? 0), 0) +
    (source.spentRollouts?.() ?? 0)
  );
}

/**
 * The GRPO training loop: for each update, let the source prepare (co-evolution rigs
 * here), sample the update's tasks, run G rollouts per task where the source says, and take
 * one GRPO step; evaluate on held-out tasks every k updates. Every random choice derives
 * from `config.seed` and the update index, so the same seed gives the same weights and a
 * resumed run continues exactly.
 */
export async function trainPolicy(options: TrainPolicyOptions): Promise<TrainPolicyResult> {
  const { config, model } = options;
  const optimizer = new AdamOptimizer(
    model.features.dimension,
    { learningRate: config.learningRate, beta1: config.adamBeta1, beta2: config.adamBeta2 },
    options.resume?.optimizer,
  );
  const updates = options.resume?.updates.slice() ?? [];
  const evaluations = options.resume?.evaluations.slice() ?? [];
  const episodesDone = () => updates.reduce((sum, stats) => sum + stats.episodes, 0);
  const evaluate = async (update: number) => {
    if (!options.evaluation || evaluations.some((point) => point.update === update)) return;
    const point: HeldOutPoint = {
      ...(await options.evaluation.run(model, update, episodesDone())),
      totalRollouts: spentRollouts(updates, options.source),
    };
    evaluations.push(point);
    options.onEvaluation?.(point);
  };
  const start = options.resume?.update ?? 0;
  for (const stats of updates) options.source.observe?.(stats);
  if (start === 0) await evaluate(0);
  const budgetLeft = () =>
    options.totalRollouts === undefined || spentRollouts(updates, options.source) < options.totalRollouts;
  for (let update = start; update < config.updates && budgetLeft(); update++) {
    await options.source.prepare?.(
      update,
      model,
      options.totalRollouts === undefined
        ? undefined
        : { remaining: options.totalRollouts - spentRollouts(updates, options.source) },
    );
    // The source's preparation (a co-evolution round) may have spent what was left.
    if (!budgetLeft()) break;
    const updateTask = (task: Pick<TaskInfo, "id" | "group">) => {
      const environment = options.source.environmentOf(task.id, update);
      return {
        task,
        createEnv: environment.createEnv,
        stack: environment.stack,
        stacked: environment.stacked,
        ...(environment.trial ? { trial: true } : {}),
      };
    };
    const tasks = tasksOfUpdate(options.trainTasks, config.tasksPerUpdate, config.seed, update).map(updateTask);
    const refill = options.source.refill;
    const order = refill ? taskOrderOfUpdate(options.trainTasks, config.seed, update) : [];
    // Refills continue the update's seeded order after its sample, then start it again.
    let drawn = tasks.length;
    const stats = await grpoUpdate({
      ...(refill
        ? {
            refill: {
              // Under a total budget the refills stop where it would be overrun (the first draw always runs).
              maxGroups:
                options.totalRollouts === undefined
                  ? refill.maxGroups
                  : Math.max(
                      tasks.length,
                      Math.min(
                        refill.maxGroups,
                        Math.floor((options.totalRollouts - spentRollouts(updates, options.source)) / config.group),
                      ),
                    ),
              next: (_round: number, count: number) =>
                Array.from({ length: count }, () => updateTask(order[drawn++ % order.length]!)),
            },
          }
        : {}),
      update,
      model,
      optimizer,
      config,
      tasks,
      snapshot: {
        policy: learnedPolicyFor(model, options.env.id, { name: "learned" }),
        portable: () => learnedSnapshotSpec(model, options.env.id),
      },
      rollouts: { executor: options.executor, concurrency: config.concurrency },
      seed: deriveSeed(config.seed, "update", update),
      reward: options.reward ?? trainingReward,
      rewardSource: options.rewardSource,
    });
    updates.push(stats);
    options.source.observe?.(stats);
    const done = update + 1;
    const last = done === config.updates || !budgetLeft();
    if (options.evaluation && (done % options.evaluation.every === 0 || last)) await evaluate(done);
    options.onUpdate?.(stats, { update: done, optimizer: optimizer.state(), updates, evaluations });
  }
  // A budget spent by a source's preparation ends the run before an update: its state is evaluated too.
  if (updates.length > 0) await evaluate(updates.length);
  return { model, updates, evaluations };
}
