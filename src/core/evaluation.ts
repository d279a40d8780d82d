import { z } from "zod";
import { jsonObjectSchema } from "./json.js";

/** The verifier's verdict on the current episode. Only a base environment computes it. */
export const evaluationSchema = z.object({
  success: z.boolean(),
  score: z.number().refine(Number.isFinite, "score must be finite"),
  metrics: jsonObjectSchema,
});
export type Evaluation = z.infer<typeof evaluationSchema>;
