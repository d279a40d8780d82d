import { z } from "zod";
import { bugFixEventSchema } from "../../bugfix/index.js";
import { repoInfoSchema } from "./repo-info.js";

/** The whole state of a `repo` episode: plain JSON, what `saveState` copies. */
export const repoEpisodeStateSchema = z.object({
  taskId: z.string(),
  seed: z.number().int().nonnegative(),
  turns: z.number().int().nonnegative(),
  submitted: z.boolean(),
  done: z.boolean(),
  invalidCalls: z.number().int().nonnegative(),
  rejectedCalls: z.number().int().nonnegative(),
  testsRun: z.number().int().nonnegative(),
  lastTestAllPassed: z.boolean().nullable(),
  lastTool: z.string().nullable(),
  lastText: z.string().nullable(),
  lastEvent: bugFixEventSchema.nullable(),
  lastActionError: z.string().nullable(),
  lastIsError: z.boolean().nullable(),
  toolsUsed: z.array(z.string()),
  /** The workspace files as the agent sees them (text files of the start tree, then its edits). */
  files: z.record(z.string(), z.string()),
  readFiles: z.array(z.string()),
  /** Bumped by every write; a full test run at the same version needs no rerun for the public grade. */
  version: z.number().int().nonnegative(),
  lastFullRun: z
    .object({ version: z.number().int(), passed: z.number().int(), failed: z.number().int(), ok: z.boolean() })
    .nullable(),
  final: repoInfoSchema.nullable(),
});

/** A `repo` episode state. */
export type RepoEpisodeState = z.infer<typeof repoEpisodeStateSchema>;
