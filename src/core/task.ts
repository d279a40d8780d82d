import { z } from "zod";

/** Task splits. `heldout` tasks are never used to design or train. */
export const splitSchema = z.enum(["train", "heldout"]);
export type Split = z.infer<typeof splitSchema>;

/** What `--split` accepts: one split or both. */
export const splitSelectionSchema = z.enum(["train", "heldout", "all"]);
export type SplitSelection = z.infer<typeof splitSelectionSchema>;

/** A task of an environment. */
export const taskInfoSchema = z.object({
  id: z.string().min(1),
  split: splitSchema,
  /** A grouping for statistics (e.g. the bug family). */
  group: z.string().optional(),
  /** Short text shown to people (never hidden verifier content). */
  instruction: z.string().optional(),
});
export type TaskInfo = z.infer<typeof taskInfoSchema>;

/** Arguments of `reset`. */
export const resetOptionsSchema = z.object({
  taskId: z.string().min(1),
  seed: z.number().int().nonnegative(),
});
export type ResetOptions = z.infer<typeof resetOptionsSchema>;
