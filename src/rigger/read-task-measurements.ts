import { existsSync } from "node:fs";
import { z } from "zod";
import { parseWith } from "../core/validate.js";
import { candidateProposalSchema } from "../designer/candidate.js";
import { decisionDirections } from "../designer/designer.js";
import { measurementsOfAttempts } from "../designer/measurements-of-attempts.js";
import type { RunMeasurement } from "../designer/run-measurement.js";
import { openCheckpointer } from "./open-checkpointer.js";

/** The parts of a finished thread's state its measurements are read from (trajectories stay unread). */
const finishedThreadSchema = z.object({
  outcome: z.enum(["accepted", "rejected", "skipped"]).nullable().default(null),
  baseline: z
    .object({ stats: z.object({ successRate: z.number() }) })
    .nullable()
    .default(null),
  diagnosis: z
    .object({ direction: z.enum(["easier", "harder", "target-weakness"]) })
    .nullable()
    .default(null),
  attempts: z
    .array(
      z.object({
        proposal: candidateProposalSchema.nullable(),
        stats: z.object({ successes: z.number().int(), episodes: z.number().int() }).nullable(),
        decision: z.object({ direction: z.enum(decisionDirections) }).nullable(),
      }),
    )
    .default([]),
});

/**
 * What one finished task measured (see `measurementsOfAttempts`), read from its thread
 * `<env>/<task>` in the checkpointer file at `path`. A task that did not finish — no file,
 * no thread, no outcome yet (a run budget left it unrigged) — measured nothing a later task
 * may aim from: its list is empty.
 */
export async function readTaskMeasurements(path: string, envId: string, taskId: string): Promise<RunMeasurement[]> {
  if (!existsSync(path)) return [];
  const { saver, close } = openCheckpointer(path, { writable: false });
  try {
    const table = saver.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'checkpoints'");
    if (table.all().length === 0) return [];
    const tuple = await saver.getTuple({ configurable: { thread_id: `${envId}/${taskId}`, checkpoint_ns: "" } });
    if (!tuple) return [];
    const state = parseWith(
      finishedThreadSchema,
      tuple.checkpoint.channel_values,
      `checkpointed state of ${envId}/${taskId} in ${path}`,
    );
    if (state.outcome === null || state.baseline === null || state.diagnosis === null) return [];
    return measurementsOfAttempts(taskId, state.baseline.stats.successRate, state.diagnosis.direction, state.attempts);
  } finally {
    close();
  }
}
