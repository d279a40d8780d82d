import type { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { z } from "zod";
import { EnvriggerError } from "../core/errors.js";
import { trajectorySchema, type Trajectory } from "../core/trajectory.js";
import { parseJsonText, parseWith } from "../core/validate.js";
import {
  batchHash,
  missingBatch,
  type TrajectoryBatchRef,
  type TrajectoryBatchStore,
} from "./trajectory-batch-store.js";

/** The table beside LangGraph's own in a run's checkpoint file. */
export const TRAJECTORY_BATCH_TABLE = "envrigger_trajectory_batches";

/**
 * How many decoded episodes a store keeps at hand, over all its batches (the most recent
 * batch always): a task reads its baseline and every attempt's few episodes at each write,
 * and its latest validation at decide. Bounded by episodes, not batches: a count of batches
 * would thrash once a task's attempts outnumber it, re-reading every batch at every write.
 */
const CACHED_EPISODES = 1000;

const rowSchema = z.object({ episodes: z.number().int().nonnegative(), body: z.string() });
const batchSchema = z.array(trajectorySchema);

/**
 * Trajectory batches in the run's SQLite checkpoint file, table
 * `envrigger_trajectory_batches (hash, episodes, body)`: each batch's JSON written once,
 * keyed by its SHA-256 (`INSERT OR IGNORE`, so writing a batch again — a node re-run after
 * a kill — changes nothing). The insert commits before the node returns, so it is in the
 * write-ahead log before the checkpoint that refers to it: a checkpoint never points at a
 * batch that is not there. A node killed after its insert leaves an unreferenced row, never
 * a wrong one. Reads check the text's hash and the episode count, and validate each
 * trajectory; the last few decoded batches stay in memory.
 */
export class SqliteTrajectoryBatchStore implements TrajectoryBatchStore {
  private readonly cache = new Map<string, Trajectory[]>();
  private cachedEpisodes = 0;
  private readonly path: string;

  /** `writable`: create the table when missing (a reader of an older run's file leaves it alone). */
  constructor(
    private readonly db: SqliteSaver["db"],
    options: { writable: boolean },
  ) {
    this.path = db.name;
    if (options.writable)
      db.exec(
        `CREATE TABLE IF NOT EXISTS ${TRAJECTORY_BATCH_TABLE} (hash TEXT PRIMARY KEY, episodes INTEGER NOT NULL, body TEXT NOT NULL)`,
      );
  }

  put(trajectories: Trajectory[]): TrajectoryBatchRef {
    const body = JSON.stringify(trajectories);
    const batch = batchHash(body);
    this.db
      .prepare(`INSERT OR IGNORE INTO ${TRAJECTORY_BATCH_TABLE} (hash, episodes, body) VALUES (?, ?, ?)`)
      .run(batch, trajectories.length, body);
    this.remember(batch, [...trajectories]);
    return { batch, episodes: trajectories.length };
  }

  get(ref: TrajectoryBatchRef): Trajectory[] {
    const cached = this.cache.get(ref.batch);
    if (cached) {
      this.remember(ref.batch, cached);
      return [...cached];
    }
    const where = `checkpoint file ${this.path}`;
    if (!this.hasTable()) throw missingBatch(ref, where);
    const found: unknown = this.db
      .prepare(`SELECT episodes, body FROM ${TRAJECTORY_BATCH_TABLE} WHERE hash = ?`)
      .get(ref.batch);
    if (found === undefined) throw missingBatch(ref, where);
    const row = parseWith(rowSchema, found, `trajectory batch ${ref.batch} in ${where}`, "INVALID_SHAPE");
    if (batchHash(row.body) !== ref.batch || row.episodes !== ref.episodes) {
      throw new EnvriggerError(
        "INVALID_SHAPE",
        `trajectory batch ${ref.batch} in ${where} does not match its reference (damaged file?)`,
      );
    }
    const trajectories = parseJsonText(
      batchSchema,
      row.body,
      `trajectory batch ${ref.batch} in ${where}`,
      "INVALID_SHAPE",
    );
    if (trajectories.length !== ref.episodes)
      throw new EnvriggerError(
        "INVALID_SHAPE",
        `trajectory batch ${ref.batch} in ${where} holds ${trajectories.length} episodes, not ${ref.episodes}`,
      );
    this.remember(ref.batch, trajectories);
    return [...trajectories];
  }

  private hasTable(): boolean {
    return (
      this.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?").all(TRAJECTORY_BATCH_TABLE)
        .length > 0
    );
  }

  /** Keep a decoded batch, most recently used last; forget the least recently used beyond the limit. */
  private remember(batch: string, trajectories: Trajectory[]): void {
    this.forget(batch);
    this.cache.set(batch, trajectories);
    this.cachedEpisodes += trajectories.length;
    while (this.cachedEpisodes > CACHED_EPISODES && this.cache.size > 1) this.forget(this.cache.keys().next().value!);
  }

  private forget(batch: string): void {
    const known = this.cache.get(batch);
    if (known === undefined) return;
    this.cachedEpisodes -= known.length;
    this.cache.delete(batch);
  }
}
