import { z } from "zod";
import { memoryItemSchema } from "./memory-item.js";

/** Most memory items one trajectory may yield (ReasoningBank's cap). */
export const MAX_ITEMS_PER_TRAJECTORY = 3;

/** The structured answer of an extraction call: up to three memory items. */
export const extractionOutputSchema = z.object({
  items: z.array(memoryItemSchema).max(MAX_ITEMS_PER_TRAJECTORY),
});
/** A validated extraction answer. */
export type ExtractionOutput = z.infer<typeof extractionOutputSchema>;
