import { createHash } from "node:crypto";
import { z } from "zod";
import { EnvriggerError } from "../core/errors.js";
import type { Trajectory } from "../core/trajectory.js";

/**
 * A reference to one stored batch of trajectories: the SHA-256 (hex) of the batch's JSON
 * text, and how many episodes it holds. This is what the rig's checkpointed state keeps in
 * place of the trajectories themselves.
 */
export const trajectoryBatchRefSchema = z
  .object({
    batch: z.string().regex(/^[0-9a-f]{64}$/, "a SHA-256 in hex"),
    episodes: z.number().int().nonnegative(),
  })
  .strict();
export type TrajectoryBatchRef = z.infer<typeof trajectoryBatchRefSchema>;

/** Trajectories as the rig state holds them: a reference to a stored batch. */
export type StoredTrajectories = TrajectoryBatchRef;

/**
 * Where a rig thread's trajectory batches live, written once each: the checkpointed state
 * keeps only {@link TrajectoryBatchRef}s, so a checkpoint no longer re-serialises every
 * trajectory at every step. `put` must be durable before it returns (the reference goes
 * into the next checkpoint); `get` returns the batch's trajectories in their order.
 */
export interface TrajectoryBatchStore {
  put(trajectories: Trajectory[]): TrajectoryBatchRef;
  get(ref: TrajectoryBatchRef): Trajectory[];
}

/** The id of a batch: SHA-256 (hex) of its JSON text. */
export function batchHash(body: string): string {
  return createHash("sha256").update(body).digest("hex");
}

/** The trajectories behind a state's `trajectories` field. */
export function trajectoriesOf(store: TrajectoryBatchStore, stored: StoredTrajectories): Trajectory[] {
  return store.get(stored);
}

/** The error for a reference whose batch is not in the store. */
export function missingBatch(ref: TrajectoryBatchRef, where: string): EnvriggerError {
  return new EnvriggerError(
    "INVALID_SHAPE",
    `${where} has no trajectory batch ${ref.batch} (${ref.episodes} episodes) that its checkpoint refers to`,
    {
      hint: "the run's checkpoint file is incomplete or was written by another program; rig the task again in a new run",
    },
  );
}

/**
 * Batches kept in this process only (a graph run without a checkpointer, or with an
 * in-memory one such as `MemorySaver`). Ids are a per-store sequence, not content hashes:
 * nothing is serialised.
 */
export class MemoryTrajectoryBatchStore implements TrajectoryBatchStore {
  private readonly batches = new Map<string, Trajectory[]>();

  put(trajectories: Trajectory[]): TrajectoryBatchRef {
    const batch = batchHash(`memory:${this.batches.size}`);
    this.batches.set(batch, [...trajectories]);
    return { batch, episodes: trajectories.length };
  }

  get(ref: TrajectoryBatchRef): Trajectory[] {
    const batch = this.batches.get(ref.batch);
    if (!batch) throw missingBatch(ref, "this in-memory store");
    return [...batch];
  }
}
