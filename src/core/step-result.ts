import { z } from "zod";
import { jsonObjectSchema } from "./json.js";
import { observationSchema } from "./observation.js";

/** The result of one `step`: Gymnasium's five values, observation first. */
export const stepResultSchema = z.object({
  observation: observationSchema,
  reward: z.number().refine(Number.isFinite, "reward must be finite"),
  /** The episode ended inside the environment (e.g. the agent submitted). */
  terminated: z.boolean(),
  /** The episode was cut from outside (turn budget, a harness rule). */
  truncated: z.boolean(),
  info: jsonObjectSchema,
});
export type StepResult = z.infer<typeof stepResultSchema>;

/** The result of `reset`. */
export const resetResultSchema = z.object({
  observation: observationSchema,
  info: jsonObjectSchema,
});
export type ResetResult = z.infer<typeof resetResultSchema>;
