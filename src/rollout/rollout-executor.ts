import type { Trajectory } from "../core/trajectory.js";
import type { RolloutBatchInput } from "./rollout-batch.js";

/** How one batch is run, beside what it computes. */
export interface RunBatchOptions {
  /**
   * Episodes in flight at once where the batch runs in this process (the local executor);
   * a queue executor leaves it to its workers' `--job-concurrency`. Never changes the result.
   */
  concurrency?: number;
  /** Called after each finished episode, in completion order. */
  onEpisode?: (trajectory: Trajectory, done: number, total: number) => void;
}

/**
 * The seam between what to roll out and where: `run(batch)` returns the batch's
 * trajectories in task order, then index order, whatever runs them. The local executor
 * runs them in this process (`localRolloutExecutor`); the queue executor sends them to
 * `envrigger worker` processes over BullMQ/Redis (`queueRolloutExecutor`). The same batch
 * gives the same trajectories on either (timings aside).
 */
export interface RolloutExecutor {
  /** A short description for logs (`local`, `queue redis://host:6379`). */
  readonly description: string;
  run(batch: RolloutBatchInput, options?: RunBatchOptions): Promise<Trajectory[]>;
  /** Release connections and pooled envs. Idempotent. */
  close(): Promise<void>;
}
