import { z } from "zod";

const bandSchema = z
  .tuple([z.number().min(0), z.number().min(0)])
  .refine(([low, high]) => low <= high, "a band is [low, high] with low ≤ high");

/**
 * What a rigged environment must achieve for the policy. At least one of the three; when
 * several are given, all must hold. Default: success band [0.4, 0.6].
 */
export const targetSchema = z
  .object({
    /** Success rate band [low, high] (inclusive), e.g. [0.4, 0.6]. */
    successBand: bandSchema.refine(([, high]) => high <= 1, "success rates are ≤ 1").optional(),
    /** Mean policy turns band [low, high]. */
    stepsBand: bandSchema.optional(),
    /** A named weakness to make decisive, e.g. "submits without running the tests". */
    weakness: z.string().min(3).optional(),
  })
  .refine((target) => target.successBand || target.stepsBand || target.weakness, "a target needs a band or a weakness");
export type Target = z.infer<typeof targetSchema>;

/** The default target: success rate in [0.4, 0.6]. */
export const DEFAULT_TARGET: Target = { successBand: [0.4, 0.6] };
