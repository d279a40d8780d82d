import { z } from "zod";
import { actionSchema } from "../../core/action.js";

/**
 * What `MiniwobEnv.saveState()` returns: a browser page cannot be serialised, so an episode
 * is saved as what recreates it — the task, the seed, every action the page received, and
 * the counters. Restoring reloads the page, starts the same seeded episode and replays the
 * actions (the page's clock is simulated, so the replay lands in the same state).
 */
export const miniwobSavedStateSchema = z.strictObject({
  format: z.literal("miniwob-episode/1"),
  taskId: z.string().min(1),
  seed: z.number().int().nonnegative(),
  maxTurns: z.number().int().min(1),
  turns: z.number().int().nonnegative(),
  actions: z.array(actionSchema),
  lastError: z.string().nullable(),
  stop: z.enum(["page", "budget"]).nullable(),
});
export type MiniwobSavedState = z.infer<typeof miniwobSavedStateSchema>;
