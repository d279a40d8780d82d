import { z } from "zod";
import { jsonObjectSchema } from "./json.js";

/** What the agent sees: text, and optionally structured data. */
export const observationSchema = z.object({
  text: z.string(),
  data: jsonObjectSchema.optional(),
});
export type Observation = z.infer<typeof observationSchema>;
