import { z } from "zod";
import { bugFixInfoSchema } from "../../bugfix/index.js";

/**
 * The `info` record of every `repo` step and `evaluate().metrics`: the BugFix record's
 * fields (so rewards, statistics and detectors read it the same way; `opsUsed` stays
 * empty, there is no edit-op menu) plus what a real repository adds. The pass fields are
 * graded once, when the episode ends: `public*` from the visible tests as the agent left
 * them (test files included), `hidden*` from the hidden FAIL_TO_PASS and PASS_TO_PASS
 * tests run fresh on the reference tree with the agent's editable (source) files over it.
 */
export const repoInfoSchema = bugFixInfoSchema.extend({
  toolsUsed: z.array(z.string()),
  testsRun: z.number().int().nonnegative(),
  /** Files the agent changed or created, sorted. */
  editedFiles: z.array(z.string()),
  /** Whether any of them is a test file (the verdict restores those). */
  testFilesEdited: z.boolean(),
  /** How the hidden run ended (`exited`, or the limit that stopped the agent's code), null before grading. */
  hiddenStop: z.string().nullable(),
  /** The task's source, `historical` or `injected`. */
  taskSource: z.enum(["historical", "injected"]),
});

/** A `repo` info record. */
export type RepoInfo = z.infer<typeof repoInfoSchema>;
