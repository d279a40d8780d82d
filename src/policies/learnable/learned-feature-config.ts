import { z } from "zod";

/**
 * The feature configuration of a learnable policy, stored with its weights: a weights file
 * is only meaningful with the features it was trained on, so loading checks both.
 */
export const learnedFeatureConfigSchema = z
  .object({
    /** Number of hashed weights (features × candidate actions share this table). */
    dimension: z
      .number()
      .int()
      .min(64)
      .max(1 << 22)
      .default(1 << 14),
    /** At most this many distinct tokens are read from each text (latest observation, last information output). */
    maxTokens: z.number().int().min(1).max(10_000).default(256),
    /** Turns at or beyond this index share one turn feature. */
    turnCap: z.number().int().min(1).max(1000).default(12),
    /** Tool-use counts at or beyond this value share one count feature. */
    countCap: z.number().int().min(1).max(100).default(3),
  })
  .strict();
export type LearnedFeatureConfig = z.infer<typeof learnedFeatureConfigSchema>;

/** The default feature configuration (what `learned:init` uses). */
export function defaultFeatureConfig(): LearnedFeatureConfig {
  return learnedFeatureConfigSchema.parse({});
}
