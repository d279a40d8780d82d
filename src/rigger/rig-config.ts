import { z } from "zod";
import { jsonObjectSchema } from "../core/json.js";
import { targetSchema } from "../designer/target.js";

/** Everything that defines one task's rigging, serialisable (it lives in the checkpoint). */
export const rigConfigSchema = z.object({
  envId: z.string(),
  envOptions: jsonObjectSchema.default({}),
  taskId: z.string(),
  group: z.string().optional(),
  policy: z.string(),
  designer: z.string(),
  target: targetSchema,
  /** Rollouts per batch (K). */
  k: z.number().int().min(1).default(5),
  /** Cap on rollouts spent on one validation (sequential validation). */
  kMax: z.number().int().min(1).default(40),
  /** Revisions after the first candidate. */
  revisions: z.number().int().min(0).default(5),
  seed: z.number().int().nonnegative().default(0),
  maxTurns: z.number().int().positive().optional(),
  /** Episodes of a batch in flight at once (default: `defaultRolloutConcurrency(policy, envId)`). */
  rolloutConcurrency: z.number().int().min(1).optional(),
});
export type RigConfig = z.infer<typeof rigConfigSchema>;
export type RigConfigInput = z.input<typeof rigConfigSchema>;

/** The index offset of validation rollouts of revision `revision` (never overlaps observation seeds). */
export function validationIndexOffset(revision: number): number {
  return 100_000 * (revision + 1);
}
