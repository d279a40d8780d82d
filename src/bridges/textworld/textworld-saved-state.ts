import { z } from "zod";
import { zMachineSnapshotSchema } from "./z-machine-snapshot.js";

/**
 * What `TextWorldEnv.saveState()` returns (JSON): the episode's counters and, while the game
 * runs, the interpreter's snapshot of it (`null` once the episode is over).
 */
export const textWorldSavedStateSchema = z
  .strictObject({
    format: z.literal("textworld-episode/1"),
    taskId: z.string().min(1),
    seed: z.number().int().nonnegative(),
    maxTurns: z.number().int().min(1),
    turns: z.number().int().nonnegative(),
    commands: z.array(z.string()),
    score: z.number().int().nullable(),
    moves: z.number().int().nullable(),
    room: z.string().nullable(),
    inventory: z.string().nullable(),
    won: z.boolean(),
    lost: z.boolean(),
    gameOver: z.boolean(),
    goalReached: z.boolean(),
    stop: z.enum(["goal", "game-over", "budget"]).nullable(),
    text: z.string(),
    /** Moves a Setup staged that its replay has not made yet (see `stage_move`). */
    staged: z
      .array(
        z.strictObject({
          object: z.number().int().min(1),
          destination: z.number().int().min(1),
          probability: z.number().min(0).max(1),
        }),
      )
      .default([]),
    snapshot: zMachineSnapshotSchema.nullable(),
  })
  .refine(
    (state) => (state.stop === null) === (state.snapshot !== null),
    "snapshot must be present exactly while the episode runs (stop null)",
  );
export type TextWorldSavedState = z.infer<typeof textWorldSavedStateSchema>;
