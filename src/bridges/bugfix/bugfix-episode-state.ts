import { z } from "zod";
import { bugFixEventSchema, bugFixInfoSchema } from "./bugfix-info.js";
import { editOpNameSchema } from "./edit-op-name.js";

/**
 * Everything a BugFix episode is (what `saveState` returns and `restoreState` accepts).
 * The hidden tests are not in it: they are regenerated from `taskSeed` and `taskId`.
 */
export const bugFixEpisodeStateSchema = z.object({
  taskSeed: z.number().int().nonnegative(),
  taskId: z.string().min(1),
  seed: z.number().int().nonnegative(),
  source: z.string(),
  turns: z.number().int().nonnegative(),
  submitted: z.boolean(),
  done: z.boolean(),
  invalidCalls: z.number().int().nonnegative(),
  rejectedCalls: z.number().int().nonnegative(),
  opsUsed: z.array(editOpNameSchema),
  testsRun: z.number().int().nonnegative(),
  lastTestAllPassed: z.boolean().nullable(),
  lastTool: z.string().nullable(),
  /** The last step's observation text (`null` before the first step). */
  lastText: z.string().nullable(),
  /** The graded record once the episode has ended, else `null`. */
  /** The last step's event and call error (`null` before the first step). */
  lastEvent: bugFixEventSchema.nullable(),
  lastActionError: z.string().nullable(),
  final: bugFixInfoSchema.nullable(),
});

/** A BugFix episode state. */
export type BugFixEpisodeState = z.infer<typeof bugFixEpisodeStateSchema>;
