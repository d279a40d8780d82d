import { z } from "zod";
import { editOpNameSchema } from "./edit-op-name.js";

/** What a step did, for bookkeeping: a tool ran, an edit changed nothing, or the call failed. */
export const bugFixEventSchema = z.enum(["read", "test", "edit", "no-change", "submit", "malformed", "rejected"]);

/** A step's event label. */
export type BugFixEvent = z.infer<typeof bugFixEventSchema>;

/**
 * The `info` record of every BugFix step, and `evaluate().metrics`. It always carries both
 * truths (public and hidden). The pass fields are graded once, when the episode ends (on
 * the source as it is then, whether or not it was submitted); on earlier steps they are
 * `null`, so nothing about the hidden tests is known mid-episode.
 */
export const bugFixInfoSchema = z.object({
  submitted: z.boolean(),
  /** `submit`, `budget`, or `null` while the episode runs. */
  stop: z.enum(["submit", "budget"]).nullable(),
  publicPass: z.boolean().nullable(),
  hiddenPass: z.boolean().nullable(),
  publicFrac: z.number().nullable(),
  hiddenFrac: z.number().nullable(),
  turns: z.number().int().nonnegative(),
  maxTurns: z.number().int().positive(),
  /** Texts that did not parse as `<call> TOOL [ARG] </call>`. */
  invalidCalls: z.number().int().nonnegative(),
  /** Parsed calls the env refused (unknown tool, missing, forbidden or unknown argument). */
  rejectedCalls: z.number().int().nonnegative(),
  /** Every edit op called, in order (also those that changed nothing). */
  opsUsed: z.array(editOpNameSchema),
  /** What the last step did (`null` when evaluated before any step). */
  event: bugFixEventSchema.nullable(),
  /** The error message of a malformed or rejected call, else `null`. */
  actionError: z.string().nullable(),
});

/** A BugFix info record. */
export type BugFixInfo = z.infer<typeof bugFixInfoSchema>;
