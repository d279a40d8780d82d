import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { parseWith } from "../src/core/validate.js";
import { openCheckpointer } from "../src/rigger/open-checkpointer.js";
import { TRAJECTORY_BATCH_TABLE } from "../src/rigger/sqlite-trajectory-batch-store.js";

/** What a run's checkpoint files hold, in bytes. */
export interface CheckpointBytes {
  /** Every file under `checkpoints/` (SQLite files and what is left of their write-ahead logs). */
  files: number;
  /** What LangGraph's saver wrote: every checkpoint (with its metadata) and every pending write. */
  state: number;
  /** The trajectory batches the state refers to (their JSON text; 0 for runs before the batch table). */
  trajectoryBatches: number;
}

const sumSchema = z.object({ bytes: z.number().nullable() });
const tablesSchema = z.array(z.object({ name: z.string() }));

/** Count the bytes of a run directory's checkpoint files, after the run closed them. */
export function checkpointBytes(runDirectory: string): CheckpointBytes {
  const directory = join(runDirectory, "checkpoints");
  const names = existsSync(directory) ? readdirSync(directory) : [];
  const bytes: CheckpointBytes = {
    files: names.reduce((sum, name) => sum + statSync(join(directory, name)).size, 0),
    state: 0,
    trajectoryBatches: 0,
  };
  for (const name of names.filter((file) => file.endsWith(".sqlite"))) {
    const { saver, close } = openCheckpointer(join(directory, name), { writable: false });
    try {
      const sum = (sql: string) =>
        parseWith(sumSchema, saver.db.prepare(sql).get(), `${name}: ${sql}`, "INTERNAL").bytes ?? 0;
      const tables = new Set(
        parseWith(
          tablesSchema,
          saver.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all(),
          `${name}: tables`,
          "INTERNAL",
        ).map((row) => row.name),
      );
      if (tables.has("checkpoints"))
        bytes.state += sum("SELECT SUM(LENGTH(checkpoint) + LENGTH(metadata)) AS bytes FROM checkpoints");
      if (tables.has("writes")) bytes.state += sum("SELECT SUM(LENGTH(value)) AS bytes FROM writes");
      if (tables.has(TRAJECTORY_BATCH_TABLE))
        bytes.trajectoryBatches += sum(`SELECT SUM(LENGTH(body)) AS bytes FROM ${TRAJECTORY_BATCH_TABLE}`);
    } finally {
      close();
    }
  }
  return bytes;
}
