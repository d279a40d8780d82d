import { z } from "zod";
import { actionSchema } from "../core/action.js";
import { jsonObjectSchema } from "../core/json.js";
import { observationSchema } from "../core/observation.js";

/**
 * Schemas of what Rules hooks may return, checked by the host on every call (whatever the
 * runtime claims to have validated). Unknown keys are dropped: a hook cannot smuggle a
 * reward, a `terminated` flag or info fields through a patch.
 */
export const rulesHookOutputSchemas = {
  filterAction: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("pass") }),
    z.object({ kind: z.literal("rewrite"), action: actionSchema }),
    z.object({ kind: z.literal("block"), reason: z.string() }),
  ]),
  modifyTransition: z.object({
    text: z.string().optional(),
    data: jsonObjectSchema.optional(),
    truncated: z.boolean().optional(),
  }),
  filterObservation: observationSchema,
  memory: jsonObjectSchema,
};

/** The name of a Rules hook. */
export type RulesHookName = "filterAction" | "modifyTransition" | "filterObservation";
