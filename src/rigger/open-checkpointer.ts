import { existsSync, mkdirSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { EnvriggerError, errorMessage } from "../core/errors.js";
import { attachTrajectoryStore } from "./checkpointer-trajectory-store.js";
import { SqliteTrajectoryBatchStore } from "./sqlite-trajectory-batch-store.js";

/** The error for a checkpoint database SQLite cannot open or finds damaged. */
function damaged(path: string, error: unknown): EnvriggerError {
  return new EnvriggerError(
    "INTEGRITY",
    `the checkpoint database ${path} is damaged (SQLite: ${errorMessage(error)}), so this task cannot resume from it`,
    {
      hint: "restore the file from a copy, or move it away and run again: that task is rigged from the start, the run's other tasks keep their checkpoints",
      cause: error,
    },
  );
}

/**
 * Open the run's SQLite checkpointer. An existing file is checked first (`PRAGMA
 * integrity_check`): a truncated or overwritten one is `INTEGRITY` naming the file. WAL mode and a busy timeout let the curriculum's
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
  const existed = existsSync(path) && statSync(path).size > 0;
  let saver: SqliteSaver;
  try {
    saver = SqliteSaver.fromConnString(path);
    saver.db.pragma("busy_timeout = 30000");
    // A file from an earlier run (--resume, a report) is checked whole before anything reads it.
    if (existed) {
      const problems = (saver.db.pragma("integrity_check") as { integrity_check: string }[]).map(
        (row) => row.integrity_check,
      );
      if (problems.join() !== "ok") throw new Error(problems.slice(0, 3).join("; "));
    }
    saver.db.pragma("journal_mode = WAL");
    saver.db.pragma("synchronous = NORMAL");
  } catch (error) {
    throw damaged(path, error);
  }
  const trajectories = new SqliteTrajectoryBatchStore(saver.db, { writable: options.writable ?? true });
  attachTrajectoryStore(saver, trajectories);
  return { saver, trajectories, close: () => saver.db.close() };
}
