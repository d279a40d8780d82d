import { z } from "zod";
import { jsonObjectSchema } from "../core/json.js";

/** What a Rules layer keeps per episode (saved and restored with the inner state). */
export const rulesEpisodeSchema = z.object({
  memory: jsonObjectSchema,
  turn: z.number().int().nonnegative(),
  seed: z.number().int().nonnegative(),
  over: z.boolean(),
});

/** A Rules layer's episode: its memory (mirrored from the sandbox when fused), turn, seed and whether it is over. */
export type RulesEpisode = z.infer<typeof rulesEpisodeSchema>;
