import type { ActionableEnv } from "../core/actionable-env.js";
import type { HarnessStackSpec } from "../harness/harness-stack-spec.js";
import type { LearnableModel } from "../policies/learnable/learnable-model.js";
import type { UpdateStats } from "./grpo-update.js";

/** Where one task's training group runs at one update. */
export interface TaskEnvironment {
  createEnv: () => Promise<ActionableEnv>;
  /** The same as data (a bare env is a stack without layers), for rollouts sent to a `RolloutExecutor`. */
  stack: HarnessStackSpec;
  /** Whether it is a harness stack (false: the original env). */
  stacked: boolean;
  /** The stack's description for records (e.g. a candidate id), when stacked. */
  label?: string;
  /** A co-evolved stack training on trial: not yet called in band by the decision rule (`--validation training`). */
  trial?: boolean;
}

/**
 * Where the trainer's episodes come from: the original tasks, stored stacks, co-evolved
 * stacks, or a reverse curriculum (start states replayed from the env's demonstrator). `prepare` runs before each update (co-evolution rigs there);
 * `environmentOf` says where a task's group runs.
 */
export interface TrainingSource {
  readonly kind: "original" | "stacks" | "coevolve" | "reverse" | "filtered";
  /**
   * Online difficulty filtering with refill (the `filtered` source): an update drops the groups
   * whose rewards are all equal and draws further tasks (the update's seeded order, then again
   * from its start) until the batch is full or this many groups were drawn in all.
   */
  readonly refill?: { maxGroups: number };
  /** Rollouts the source spent outside the training groups (co-evolution's rigging, demonstrations), so far. */
  spentRollouts?(): number;
  /**
   * Before update `update`. `budget`, when the run has a total rollout budget: what is left of
   * it (a co-evolution round's rigging spends at most that, less the next block's training).
   */
  prepare?(update: number, model: LearnableModel, budget?: { remaining: number }): Promise<void>;
  environmentOf(taskId: string, update: number): TaskEnvironment;
  /** What an update measured (every update in order, the ones a resumed run read back included). */
  observe?(stats: UpdateStats): void;
  /** Release what the source holds (nothing for most). */
  close?(): Promise<void>;
}
