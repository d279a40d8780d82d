import { z } from "zod";
import { bugFixInfoSchema } from "../bugfix/bugfix-info.js";

/**
 * The `info` record of every `bugfix-tools` step and `evaluate().metrics`: BugFix's record
 * field for field (so rewards, statistics and detectors read it the same way) plus the
 * tools called. How BugFix's fields read here:
 * - `event`: `read` (Read, Grep, Glob, `ls`), `test` (the test command), `edit` (Edit or
 *   Write changed the graded source file), `no-change` (Edit or Write left it as it was),
 *   `submit`, `malformed` (text that is not a JSON tool call), `rejected` (any result with
 *   `isError: true`: unknown tool, bad arguments, a failed Edit, a refused command);
 * - `rejectedCalls` counts the `rejected` events, `invalidCalls` the `malformed` ones;
 * - `opsUsed` stays empty: there is no edit-op menu here (`toolsUsed` says what was done);
 * - `actionError` is the error text of an `isError` result, else `null`.
 */
export const bugFixToolsInfoSchema = bugFixInfoSchema.extend({
  /** Every tool called, in order (malformed texts excluded; unknown names included). */
  toolsUsed: z.array(z.string()),
});

/** A `bugfix-tools` info record. */
export type BugFixToolsInfo = z.infer<typeof bugFixToolsInfoSchema>;
