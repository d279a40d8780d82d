import { z } from "zod";
import { trainingSettingTable } from "./training-settings.js";

/**
 * The trainer's hyper-parameters. Defaults are sized for the BugFix experiment on two
 * shared CPU cores (see docs/learning.md).
 */
export const grpoConfigSchema = z
  .object({
    /** Policy updates. */
    updates: trainingSettingTable.updates.schema,
    /** Rollouts per task from one snapshot (G): advantages are normalised within this group. */
    group: trainingSettingTable.group.schema,
    /** Tasks per update (sampled without replacement each update; all when larger than the split). */
    tasksPerUpdate: trainingSettingTable.tasksPerUpdate.schema,
    learningRate: z.number().positive().max(10).default(0.05),
    /** Weight of the mean per-step entropy in the objective. */
    entropyCoefficient: z.number().min(0).max(10).default(0.01),
    /** The gradient's global L2 norm is clipped to this. */
    clipNorm: z.number().positive().default(5),
    adamBeta1: z.number().min(0).max(0.9999).default(0.9),
    adamBeta2: z.number().min(0).max(0.999999).default(0.999),
    seed: trainingSettingTable.seed.schema,
    /** Episodes in flight at once inside a rollout batch. */
    concurrency: z.number().int().min(1).max(256).default(1),
  })
  .strict();
export type GrpoConfig = z.infer<typeof grpoConfigSchema>;
export type GrpoConfigInput = z.input<typeof grpoConfigSchema>;
