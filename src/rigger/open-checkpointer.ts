import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";

/**
 * Open the run's SQLite checkpointer. WAL mode and a busy timeout let the curriculum's
 * processes may share one file; every checkpoint is written before the next node runs
 * (the graph is invoked with `durability: "sync"`), so a killed run resumes exactly.
 */
export function openCheckpointer(path: string): { saver: SqliteSaver; close: () => void } {
  mkdirSync(dirname(path), { recursive: true });
  const saver = SqliteSaver.fromConnString(path);
  saver.db.pragma("journal_mode = WAL");
  saver.db.pragma("busy_timeout = 30000");
  saver.db.pragma("synchronous = NORMAL");
  return { saver, close: () => saver.db.close() };
}
