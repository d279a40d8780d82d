import { z } from "zod";
import { gameVocabularySchema } from "./game-vocabulary.js";

/**
 * `data/zork1/zork1-route.json`: a short scoring route through Zork I written for envrigger
 * (Zork's community walkthroughs are tuned to other interpreters' random numbers), the score
 * milestones it passes with how many of its commands reach each, and the game's words.
 */
export const zorkRouteSchema = z.strictObject({
  game: z.literal("zork1"),
  /** The first line the game prints. */
  title: z.string().min(1),
  /** The room the game starts in. */
  startRoom: z.string().min(1),
  maxScore: z.number().int().positive(),
  note: z.string(),
  commands: z.array(z.string().min(1)).min(1),
  milestones: z
    .array(z.strictObject({ score: z.number().int().positive(), commands: z.number().int().positive() }))
    .min(1),
  vocabulary: gameVocabularySchema,
});
export type ZorkRoute = z.infer<typeof zorkRouteSchema>;
