import { existsSync } from "node:fs";
import { z } from "zod";
import { EnvriggerError } from "../core/errors.js";
import { parseWith } from "../core/validate.js";
import { openCheckpointer } from "./open-checkpointer.js";
import { trajectoryBatchRefSchema, type TrajectoryBatchStore } from "./trajectory-batch-store.js";
import { checkpointedTaskSchema, type CheckpointedTask } from "./checkpointed-task-schema.js";

const threadRowsSchema = z.array(z.object({ threadId: z.string() }));

/**
 * Read the latest state of every task thread of environment `envId` from a run's SQLite
 * checkpointer files (thread ids are `<env>/<task>`, see `rigTask`), validated against
 * {@link checkpointedTaskSchema}, with the trajectories the state refers to read from the
 * file's trajectory batch table. Threads come back ordered by task id, each once (the
 * first file holding it wins); a thread without a configuration yet (killed before its
 * first node finished) is left out.
 */
export async function readCheckpointedTasks(paths: string[], envId: string): Promise<CheckpointedTask[]> {
  const tasks = new Map<string, CheckpointedTask>();
  for (const path of paths) {
    for (const task of await readCheckpointFile(path, envId)) {
      if (!tasks.has(task.config.taskId)) tasks.set(task.config.taskId, task);
    }
  }
  return [...tasks.values()].sort((left, right) => left.config.taskId.localeCompare(right.config.taskId));
}

async function readCheckpointFile(path: string, envId: string): Promise<CheckpointedTask[]> {
  if (!existsSync(path)) return [];
  const { saver, trajectories, close } = openCheckpointer(path, { writable: false });
  try {
    // The thread listing reads the saver's own table (langgraph-checkpoint-sqlite's schema);
    // a file created by a run killed before its first checkpoint has no table yet.
    if (
      saver.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'checkpoints'").all().length ===
      0
    )
      return [];
    const rows = parseWith(
      threadRowsSchema,
      saver.db.prepare("SELECT DISTINCT thread_id AS threadId FROM checkpoints WHERE checkpoint_ns = ''").all(),
      `thread list of ${path}`,
    );
    const prefix = `${envId}/`;
    const threads = rows.map((row) => row.threadId).filter((threadId) => threadId.startsWith(prefix));
    const tasks: CheckpointedTask[] = [];
    for (const threadId of threads) {
      const tuple = await saver.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: "" } });
      if (!tuple)
        throw new EnvriggerError("INVALID_SHAPE", `${path}: thread ${threadId} is listed but has no checkpoint`);
      const values: Record<string, unknown> = tuple.checkpoint.channel_values;
      // A thread killed before its first node finished holds only the graph's input.
      if (values.config === undefined || values.config === null) continue;
      tasks.push(
        parseWith(
          checkpointedTaskSchema,
          withTrajectories(values, trajectories),
          `checkpointed state of ${threadId} in ${path}`,
        ),
      );
    }
    return tasks;
  } finally {
    close();
  }
}

/** The state's values with every trajectory reference (baseline, validation, each attempt's) replaced by its batch. */
function withTrajectories(values: Record<string, unknown>, store: TrajectoryBatchStore): Record<string, unknown> {
  const resolved = (value: unknown): unknown =>
    value === undefined ? value : store.get(parseWith(trajectoryBatchRefSchema, value, "a trajectory batch reference"));
  const batch = (value: unknown): unknown =>
    typeof value === "object" && value !== null && "trajectories" in value
      ? { ...value, trajectories: resolved(value.trajectories) }
      : value;
  return {
    ...values,
    baseline: batch(values.baseline),
    validation: batch(values.validation),
    attempts: Array.isArray(values.attempts) ? values.attempts.map(batch) : values.attempts,
  };
}
