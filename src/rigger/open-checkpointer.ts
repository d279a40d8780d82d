import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { attachTrajectoryStore } from "./checkpointer-trajectory-store.js";
import { SqliteTrajectoryBatchStore } from "./sqlite-trajectory-batch-store.js";

/**
 * Open the run's SQLite checkpointer. WAL mode and a busy timeout let the curriculum's
 * processes may share one file; every checkpoint is written before the next node runs
 * (the graph is invoked with `durability: "sync"`), so a killed run resumes exactly.
 * The rig's trajectory batches live in the same file (`trajectories`, a
 * {@link SqliteTrajectoryBatchStore} attached to the saver); the checkpoints refer to them.
 * `writable: false` (readers such as the report) leaves a file without the batch table as it is.
 */
export function openCheckpointer(
  path: string,
  options: { writable?: boolean } = {},
): { saver: SqliteSaver; trajectories: SqliteTrajectoryBatchStore; close: () => void } {
  mkdirSync(dirname(path), { recursive: true });
  const saver = SqliteSaver.fromConnString(path);
  saver.db.pragma("journal_mode = WAL");
  saver.db.pragma("busy_timeout = 30000");
  saver.db.pragma("synchronous = NORMAL");
  const trajectories = new SqliteTrajectoryBatchStore(saver.db, { writable: options.writable ?? true });
  attachTrajectoryStore(saver, trajectories);
  return { saver, trajectories, close: () => saver.db.close() };
}
