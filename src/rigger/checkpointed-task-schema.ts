import { z } from "zod";
import { trajectorySchema } from "../core/trajectory.js";
import { candidateProposalSchema } from "../designer/candidate.js";
import { decisionDirections, decisionStops } from "../designer/designer.js";
import { rigConfigSchema } from "./rig-config.js";
import { reportStatsSchema } from "../run-format/report-stats-schema.js";
import { costRecordSchema } from "../run-format/cost-record.js";

const batchSchema = z.object({ stats: reportStatsSchema, trajectories: z.array(trajectorySchema) });

/** The decision rule's verdict on one revision. */
const revisionDecisionSchema = z.object({
  decision: z.enum(["accept", "refine", "reject"]),
  direction: z.enum(decisionDirections),
  distance: z.number(),
  message: z.string(),
  stop: z.enum(decisionStops).optional(),
});

/** One candidate the designer wrote: its proposal, the problems found before it ran, or its numbers, verdict and a few episodes. */
export const revisionRecordSchema = z.object({
  revision: z.number().int(),
  proposal: candidateProposalSchema.nullable(),
  issues: z.array(z.object({ code: z.string(), message: z.string(), line: z.number().optional() })),
  stats: reportStatsSchema.nullable(),
  decision: revisionDecisionSchema.nullable(),
  /** The first few validation trajectories (when it ran). */
  trajectories: z.array(trajectorySchema).optional(),
});
export type RevisionRecord = z.infer<typeof revisionRecordSchema>;

/**
 * The last checkpointed state of one task's thread (`<env>/<task>`) in a run's
 * `checkpoints.sqlite`, as far as the report reads it: the configuration, the baseline and
 * the latest validation batches (statistics and every trajectory), the diagnosis, every
 * revision, and the outcome (null while the task is still running).
 */
export const checkpointedTaskSchema = z.object({
  config: rigConfigSchema,
  baseline: batchSchema.nullable().default(null),
  diagnosis: z.object({ text: z.string() }).nullable().default(null),
  validation: batchSchema.nullable().default(null),
  attempts: z.array(revisionRecordSchema).default([]),
  written: z.number().int().nonnegative().default(0),
  outcome: z.enum(["accepted", "rejected", "skipped"]).nullable().default(null),
  candidatePath: z.string().nullable().default(null),
  /** What the task spent so far. */
  cost: costRecordSchema,
});
export type CheckpointedTask = z.infer<typeof checkpointedTaskSchema>;
