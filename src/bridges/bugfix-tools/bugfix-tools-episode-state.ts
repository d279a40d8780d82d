import { z } from "zod";
import { bugFixEventSchema } from "../bugfix/bugfix-info.js";
import { bugFixToolsInfoSchema } from "./bugfix-tools-info.js";

/**
 * Everything a `bugfix-tools` episode is (what `saveState` returns and `restoreState`
 * accepts). The workspace is a plain path → content map; the hidden tests are not in it
 * (they are regenerated from `taskSeed` and `taskId` and never enter the workspace).
 */
export const bugFixToolsEpisodeStateSchema = z.object({
  taskSeed: z.number().int().nonnegative(),
  taskId: z.string().min(1),
  seed: z.number().int().nonnegative(),
  /** The workspace: normalised relative path → file content. */
  files: z.record(z.string(), z.string()),
  /** The file holding the task's function (the one graded), e.g. `src/clamp.js`. */
  sourcePath: z.string().min(1),
  /** Files Read (or written) in this episode: Edit refuses the others. */
  readFiles: z.array(z.string()),
  turns: z.number().int().nonnegative(),
  submitted: z.boolean(),
  done: z.boolean(),
  invalidCalls: z.number().int().nonnegative(),
  rejectedCalls: z.number().int().nonnegative(),
  toolsUsed: z.array(z.string()),
  testsRun: z.number().int().nonnegative(),
  lastTestAllPassed: z.boolean().nullable(),
  lastTool: z.string().nullable(),
  /** The last step's observation text and error flag (`null` before the first step). */
  lastText: z.string().nullable(),
  lastIsError: z.boolean().nullable(),
  lastEvent: bugFixEventSchema.nullable(),
  lastActionError: z.string().nullable(),
  /** The graded record once the episode has ended, else `null`. */
  final: bugFixToolsInfoSchema.nullable(),
});

/** A `bugfix-tools` episode state. */
export type BugFixToolsEpisodeState = z.infer<typeof bugFixToolsEpisodeStateSchema>;
