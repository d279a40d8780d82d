import { z } from "zod";
import { bugFixOptionsSchema } from "../bugfix/bugfix-options.js";

/** The default turn budget of a `bugfix-tools` episode: room to look around, read, edit, retry an edit, test and submit. */
export const BUGFIX_TOOLS_DEFAULT_MAX_TURNS = 12;

/**
 * The JSON options of the `bugfix-tools` env: BugFix's options (`reward`, `taskSeed`,
 * `flakeRate`, `observationBudget`, unknown keys refused) with a larger default turn
 * budget ({@link BUGFIX_TOOLS_DEFAULT_MAX_TURNS}), since general tools take more steps
 * than the edit-op menu.
 */
export const bugFixToolsOptionsSchema = bugFixOptionsSchema.extend({
  /** Turn budget; when it runs out without a Submit the episode is truncated (stop `budget`). */
  maxTurns: z.number().int().min(1).max(10_000).default(BUGFIX_TOOLS_DEFAULT_MAX_TURNS),
});

/** `bugfix-tools` options as given (every field optional). */
export type BugFixToolsOptionsInput = z.input<typeof bugFixToolsOptionsSchema>;

/** `bugfix-tools` options with defaults filled in. */
export type BugFixToolsOptions = z.output<typeof bugFixToolsOptionsSchema>;
