import type { ActionableEnv } from "../core/actionable-env.js";
import { stableStringify, type Json } from "../core/json.js";
import { deriveSeed } from "../core/seeding.js";
import type { TaskInfo } from "../core/task.js";
import type { Trajectory } from "../core/trajectory.js";
import type { LearnableModel } from "../policies/learnable/learnable-model.js";
import { recordedDecision } from "../policies/learnable/policy-decision.js";
import { isSuccess } from "../rollout/summarize.js";
import { accumulateGradient, clipGradient } from "./accumulate-gradient.js";
import type { AdamOptimizer } from "./adam-optimizer.js";
import type { GrpoConfig } from "./grpo-config.js";
import { groupAdvantages } from "./group-advantages.js";
import { runTrainingRollouts, type TrainingRollouts, type TrainingSnapshot } from "./run-training-rollouts.js";
import type { HarnessStackSpec } from "../harness/harness-stack-spec.js";
import type { RewardSource, TrainingReward } from "./training-reward.js";

/** What one update did (a line of the run's `updates.jsonl`). */
export interface UpdateStats {
  update: number;
  /** Episodes that ran (did not end in an error): the ones the update learns from. */
  episodes: number;
  /** Episodes that ended in an error, left out of the rewards, advantages and gradient (never a failure). */
  errored: number;
  groups: number;
  /** Groups whose rewards were all equal: no signal, no gradient. */
  zeroVarianceGroups: number;
  meanReward: number;
  /** Training episodes the env's verdict called a success. */
  successRate: number;
  /** Mean entropy of the policy's decisions (nats). */
  entropy: number;
  /** The gradient's norm before clipping. */
  gradientNorm: number;
  /** Tasks that ran on a harness stack (the rest on the original env), trial stacks included. */
  stackedTasks: number;
  /** Of those, tasks on a co-evolved stack still on trial (not yet called in band); absent when none. */
  trialTasks?: number;
  /** Decisions a harness layer replaced by another call: no policy-gradient credit. */
  rewrittenDecisions: number;
  /**
   * Online difficulty filtering (the `filtered` source): groups drawn and dropped because their
   * rewards were all equal, and their episodes (errored ones included). They cost rollouts but
   * are not trained on: `groups`, `episodes` and `zeroVarianceGroups` count the kept batch only.
   */
  filteredGroups?: number;
  filteredEpisodes?: number;
  /** Each task's group: its successes out of its episodes, and whether it ran on a stack (co-evolution reads it). */
  taskGroups?: TaskGroupOutcome[];
}

/** One task's group in an update. */
export interface TaskGroupOutcome {
  taskId: string;
  successes: number;
  episodes: number;
  stacked: boolean;
}

/** One task of an update: where its group runs. */
export interface UpdateTask {
  task: Pick<TaskInfo, "id" | "group">;
  createEnv: () => Promise<ActionableEnv>;
  /** The same as data (for a `RolloutExecutor`). */
  stack: HarnessStackSpec;
  stacked: boolean;
  /** On a co-evolved stack still on trial (not yet called in band). */
  trial?: boolean;
}

/** Everything one GRPO update needs. */
export interface GrpoUpdateInput {
  update: number;
  model: LearnableModel;
  optimizer: AdamOptimizer;
  config: GrpoConfig;
  tasks: UpdateTask[];
  /** The snapshot to roll out (a learnable policy: it records its decisions in the trajectories' steps). */
  snapshot: TrainingSnapshot;
  /** Where the rollouts run (this process, or an executor). */
  rollouts: TrainingRollouts;
  /** Seed of this update's rollouts. */
  seed: number;
  reward: TrainingReward;
  rewardSource: RewardSource;
  onTrajectories?: (trajectories: Trajectory[]) => void;
  /**
   * Online difficulty filtering with refill (DAPO's dynamic sampling): a group whose rewards
   * are all equal is dropped, and further tasks are drawn until the batch holds
   * `input.tasks.length` groups with a signal or `maxGroups` groups were drawn in all.
   * `next(round, count)` gives the round's next tasks (at most `count`).
   */
  refill?: { maxGroups: number; next(round: number, count: number): UpdateTask[] };
}

/** The groups an update trains on, with what filtering drew and dropped. */
interface DrawnGroups {
  rolledOut: Trajectory[][];
  tasks: UpdateTask[];
  filteredGroups: number;
  filteredEpisodes: number;
}

/**
 * Roll out the update's groups; with `refill`, drop the groups without a reward signal and
 * draw more (round r > 0 rolls out under a seed derived from the update's and r) until the
 * batch is full or the draw cap is reached. Without it, every group is kept.
 */
async function drawGroups(input: GrpoUpdateInput): Promise<DrawnGroups> {
  const rollOut = (tasks: readonly UpdateTask[], seed: number) =>
    runTrainingRollouts(
      tasks.map((entry) => ({
        createEnv: entry.createEnv,
        stack: entry.stack,
        taskId: entry.task.id,
        group: entry.task.group,
        episodes: input.config.group,
        seed,
      })),
      input.snapshot,
      input.rollouts,
    );
  if (!input.refill)
    return {
      rolledOut: await rollOut(input.tasks, input.seed),
      tasks: input.tasks,
      filteredGroups: 0,
      filteredEpisodes: 0,
    };
  const wanted = input.tasks.length;
  const kept: DrawnGroups = { rolledOut: [], tasks: [], filteredGroups: 0, filteredEpisodes: 0 };
  let pending: UpdateTask[] = input.tasks;
  let drawnGroups = 0;
  for (let round = 0; pending.length > 0; round++) {
    const rolled = await rollOut(pending, round === 0 ? input.seed : deriveSeed(input.seed, "refill", round));
    drawnGroups += pending.length;
    rolled.forEach((group, index) => {
      const ran = group.filter((trajectory) => trajectory.stopReason !== "error");
      const rewards = ran.map((trajectory) => input.reward(trajectory, input.rewardSource));
      if (ran.length === 0 || groupAdvantages(rewards) === null) {
        kept.filteredGroups += 1;
        kept.filteredEpisodes += group.length;
        return;
      }
      kept.rolledOut.push(group);
      kept.tasks.push(pending[index]!);
    });
    const room = Math.min(wanted - kept.tasks.length, input.refill.maxGroups - drawnGroups);
    pending = room > 0 ? input.refill.next(round + 1, room).slice(0, room) : [];
  }
  return kept;
}

/**
 * One GRPO update: G rollouts per task from the current snapshot, rewards by the one reward
 * function, advantages normalised within each group (zero-variance groups skipped and
 * counted), the gradient of Σ advantage × log π(action) over every decision plus the
 * entropy bonus, averaged over the batch (errored episodes left out: see `UpdateStats.errored`), clipped to `clipNorm`, one Adam step. A call that
 * a harness layer rewrote into another never ran, so it earns no credit. On-policy
 * with a single step per batch, so the importance ratio is 1 and no clipping of it is needed.
 */
export async function grpoUpdate(input: GrpoUpdateInput): Promise<UpdateStats> {
  const { model, config } = input;
  const drawn = await drawGroups(input);
  const { rolledOut, tasks } = drawn;
  // An errored episode (a remote env gone, a provider down) did not run to a verdict: it is
  // not a failure to learn from, so it leaves its group before the advantages are computed.
  const groups = rolledOut.map((group) => group.filter((trajectory) => trajectory.stopReason !== "error"));
  const errored =
    rolledOut.reduce((sum, group) => sum + group.length, 0) - groups.reduce((sum, group) => sum + group.length, 0);
  // The gradient is computed from what the trajectories carry (each step's recorded decision), so
  // it is the same whether the episodes ran here or on a worker.
  const decisionsOf = groups.map((group) =>
    group.map((trajectory) => trajectory.steps.map((step) => recordedDecision(step))),
  );
  const gradient = new Float64Array(model.features.dimension);
  const episodes = groups.reduce((sum, group) => sum + group.length, 0);
  const steps = decisionsOf.flat(2).filter((decision) => decision !== undefined).length;
  let zeroVariance = 0;
  let rewardTotal = 0;
  let successes = 0;
  let entropyTotal = 0;
  let rewritten = 0;
  groups.forEach((group, groupIndex) => {
    const rewards = group.map((trajectory) => input.reward(trajectory, input.rewardSource));
    rewardTotal += rewards.reduce((sum, value) => sum + value, 0);
    successes += group.filter(isSuccess).length;
    const advantages = groupAdvantages(rewards);
    if (advantages === null) zeroVariance += 1;
    group.forEach((trajectory, position) => {
      const scale = advantages === null ? 0 : advantages[position]! / episodes;
      decisionsOf[groupIndex]![position]!.forEach((decision, turn) => {
        if (decision === undefined) return;
        // A call a harness layer replaced by another never ran: the outcome says nothing about
        // choosing it, so it gets no policy-gradient credit (its entropy term stays).
        const replaced = isReplaced(trajectory, turn);
        if (replaced) rewritten += 1;
        entropyTotal += accumulateGradient(
          gradient,
          decision,
          replaced ? 0 : scale,
          config.entropyCoefficient / Math.max(1, steps),
        );
      });
    });
    input.onTrajectories?.(rolledOut[groupIndex]!);
  });
  const gradientNorm = clipGradient(gradient, config.clipNorm);
  input.optimizer.apply(model.weights, gradient);
  return {
    update: input.update,
    episodes,
    errored,
    groups: groups.length,
    zeroVarianceGroups: zeroVariance,
    meanReward: episodes === 0 ? 0 : rewardTotal / episodes,
    successRate: episodes === 0 ? 0 : successes / episodes,
    entropy: steps === 0 ? 0 : entropyTotal / steps,
    gradientNorm,
    stackedTasks: tasks.filter((entry) => entry.stacked).length,
    ...(tasks.some((entry) => entry.trial) ? { trialTasks: tasks.filter((entry) => entry.trial).length } : {}),
    rewrittenDecisions: rewritten,
    taskGroups: groups.map((group, index) => ({
      taskId: tasks[index]!.task.id,
      successes: group.filter(isSuccess).length,
      episodes: group.length,
      stacked: tasks[index]!.stacked,
    })),
    ...(input.refill ? { filteredGroups: drawn.filteredGroups, filteredEpisodes: drawn.filteredEpisodes } : {}),
  };
}

/** Whether a harness layer replaced the policy's call of turn `turn` by another call (a block is not a replacement). */
function isReplaced(trajectory: Trajectory, turn: number): boolean {
  const step = trajectory.steps[turn];
  if (!step || step.envAction === null) return false;
  return stableStringify(step.envAction as unknown as Json) !== stableStringify(step.policyAction as unknown as Json);
}
