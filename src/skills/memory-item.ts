import { createHash } from "node:crypto";
import { z } from "zod";

/**
 * One piece of distilled experience, as the policy is shown it (ReasoningBank's memory
 * item): `title` a short name, `description` when it applies, `content` the rule or
 * procedure itself. Never task ids or hidden data.
 */
export const memoryItemSchema = z.object({
  title: z.string().trim().min(3).max(120),
  description: z.string().trim().min(3).max(400),
  content: z.string().trim().min(3).max(2_000),
});
/** A memory item's text fields. */
export type MemoryItem = z.infer<typeof memoryItemSchema>;

/** How a habit was counted when a miner found it (absent for LLM items). */
export const habitCountsSchema = z.object({
  /** Successful episodes showing the habit, of all successful episodes it could apply to. */
  successesShowing: z.number().int().nonnegative(),
  successes: z.number().int().nonnegative(),
  /** Failed episodes showing the habit, of all failed episodes it could apply to. */
  failuresShowing: z.number().int().nonnegative(),
  failures: z.number().int().nonnegative(),
  /** Two-sided Fisher exact test of habit × outcome. */
  pValue: z.number().min(0).max(1),
  /** Success rate of the episodes showing the habit, and of the others (null for an empty side). */
  successWith: z.number().min(0).max(1).nullable(),
  successWithout: z.number().min(0).max(1).nullable(),
  /**
   * The habit decides success by the decision rule's weakness criterion: at least 3
   * episodes on each side, success ≤ 0.2 on the side that lacks the good habit (or shows the
   * bad one) and ≥ 0.5 on the other.
   */
  decisive: z.boolean(),
});
/** Counts behind a mined item. */
export type HabitCounts = z.infer<typeof habitCountsSchema>;

/**
 * Where an item came from. Kept out of every policy prompt: `envId`, the tasks and stacks
 * whose trajectories it was distilled from (a stack is a candidate id or `original`), the
 * outcome of those trajectories (`success`: a strategy that worked; `failure`: a lesson
 * from what failed), who made it (`llm` or `mined`), and the evidence (for mined items the
 * counts behind it).
 */
export const memoryProvenanceSchema = z.object({
  envId: z.string().min(1),
  taskIds: z.array(z.string().min(1)).min(1),
  stacks: z.array(z.string().min(1)).min(1),
  status: z.enum(["success", "failure"]),
  source: z.enum(["llm", "mined"]),
  evidence: z.string(),
  /** The extractor (`mined`, `openai:<model>`, `gemini:<model>`). */
  extractor: z.string().min(1),
  counts: habitCountsSchema.optional(),
});
/** Provenance of an item. */
export type MemoryProvenance = z.infer<typeof memoryProvenanceSchema>;

/** A bank line: the item, a content id, and its provenance. */
export const storedMemoryItemSchema = memoryItemSchema.extend({
  /** 16 hex digits of the SHA-256 of the item's text and provenance (stable; duplicates share it). */
  id: z.string().regex(/^[0-9a-f]{16}$/),
  provenance: memoryProvenanceSchema,
});
/** A stored item. */
export type StoredMemoryItem = z.infer<typeof storedMemoryItemSchema>;

/** Attach an id and provenance to an item. */
export function storeMemoryItem(item: MemoryItem, provenance: MemoryProvenance): StoredMemoryItem {
  const id = createHash("sha256")
    .update(JSON.stringify([item.title, item.description, item.content, provenance]))
    .digest("hex")
    .slice(0, 16);
  return { id, title: item.title, description: item.description, content: item.content, provenance };
}

/** The text of an item as a policy reads it (never its provenance): `title — description: content`. */
export function memoryItemText(item: MemoryItem): string {
  return `${item.title} — ${item.description} ${item.content}`;
}
