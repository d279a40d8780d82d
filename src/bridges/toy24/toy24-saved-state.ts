import { z } from "zod";
import { arithmeticOperations } from "./arithmetic-operation.js";

/**
 * What `Toy24Env.saveState()` returns (JSON). The board is not stored: `restoreState`
 * replays `combinations` from the puzzle's starting numbers, so a restored board is always
 * one the game can reach and `undo` works as before.
 */
export const toy24SavedStateSchema = z
  .strictObject({
    format: z.literal("toy24-episode/1"),
    taskId: z.string().min(1),
    seed: z.number().int().nonnegative(),
    maxTurns: z.number().int().min(1),
    /** The combinations that built the current board, oldest first. */
    combinations: z
      .array(
        z.strictObject({
          i: z.number().int().nonnegative(),
          j: z.number().int().nonnegative(),
          op: z.enum(arithmeticOperations),
        }),
      )
      .max(3),
    turns: z.number().int().nonnegative(),
    submitted: z.boolean(),
    stop: z.enum(["submit", "budget"]).nullable(),
  })
  .refine(
    (state) => state.submitted === (state.stop === "submit"),
    'stop must be "submit" exactly when submitted is true',
  );
export type Toy24SavedState = z.infer<typeof toy24SavedStateSchema>;
