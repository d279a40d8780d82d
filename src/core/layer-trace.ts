import { z } from "zod";
import { actionInputSchema } from "./action.js";
import { observationSchema } from "./observation.js";

/**
 * What one harness layer did on one step, recorded by the host in `info.layers`
 * (outermost layer first). Lets a reader see exactly what each layer changed.
 */
export const layerTraceSchema = z.object({
  /** The layer's label, e.g. `Rules#1` or `Setup#0`. */
  layer: z.string(),
  /** The action this layer received. */
  actionIn: actionInputSchema,
  /** The action it passed inward; `null` when it blocked the action. */
  actionOut: actionInputSchema.nullable(),
  /** The reason given when the action was blocked. */
  blockedReason: z.string().optional(),
  /** The observation it received from inside (absent when it blocked). */
  observationIn: observationSchema.optional(),
  /** The observation it passed outward. */
  observationOut: observationSchema,
  /** Whether this layer marked the episode truncated. */
  truncatedByLayer: z.boolean().optional(),
  /**
   * A Rules layer's per-episode switches after the step: the boolean entries of its memory
   * (e.g. the seeded draw deciding whether a perturbation is on in this episode — recorded
   * whether or not it fired), so a mixture's episodes can be split by their draw. Absent when none.
   */
  switches: z.record(z.string(), z.boolean()).optional(),
});
export type LayerTrace = z.infer<typeof layerTraceSchema>;

/** The key under which layers record their traces in `StepResult.info`. */
export const LAYER_TRACE_KEY = "layers";
