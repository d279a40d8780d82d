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
}

/**
 * Where the trainer's episodes come from: the original tasks, stored stacks, co-evolved
 * stacks, or a reverse curriculum (start states replayed from the env's demonstrator). `prepare` runs before each update (co-evolution rigs there);
 * `environmentOf` says where a task's group runs.
 */
export interface TrainingSource {
  readonly kind: "original" | "stacks" | "coevolve" | "reverse";
  prepare?(update: number, model: LearnableModel): Promise<void>;
  environmentOf(taskId: string, update: number): TaskEnvironment;
  /** What an update measured (every update in order, the ones a resumed run read back included). */
  observe?(stats: UpdateStats): void;
  /** Release what the source holds (nothing for most). */
  close?(): Promise<void>;
}
