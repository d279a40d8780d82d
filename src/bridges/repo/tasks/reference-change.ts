import { z } from "zod";

/**
 * One file's part of a task's reference change, in the shape the agent's own tools take:
 * an Edit (replace the unique `old_string` with `new_string`) or a Write (a file the fix
 * adds). Applying every part to the task's start tree gives the reference tree exactly.
 */
export const referenceChangeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("edit"), path: z.string().min(1), old_string: z.string().min(1), new_string: z.string() }),
  z.object({ kind: z.literal("write"), path: z.string().min(1), content: z.string() }),
]);

/** One file's part of a reference change. */
export type ReferenceChange = z.infer<typeof referenceChangeSchema>;

function occurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

/**
 * The Edit that turns `before` into `after`: the lines between their common head and tail,
 * widened by whole lines of context until the old text occurs exactly once in `before`.
 * `null` when the two are equal.
 */
export function referenceEdit(path: string, before: string, after: string): ReferenceChange | null {
  if (before === after) return null;
  const old = before.split("\n");
  const next = after.split("\n");
  let head = 0;
  while (head < old.length && head < next.length && old[head] === next[head]) head += 1;
  let tail = 0;
  while (
    tail < old.length - head &&
    tail < next.length - head &&
    old[old.length - 1 - tail] === next[next.length - 1 - tail]
  )
    tail += 1;
  let start = head;
  let end = old.length - tail;
  let nextEnd = next.length - tail;
  for (;;) {
    const oldString = old.slice(start, end).join("\n");
    if (oldString !== "" && occurrences(before, oldString) === 1) {
      return { kind: "edit", path, old_string: oldString, new_string: next.slice(start, nextEnd).join("\n") };
    }
    if (start === 0 && end === old.length) break;
    if (start > 0) start -= 1;
    if (end < old.length) {
      end += 1;
      nextEnd += 1;
    }
  }
  // The whole file is the only unique span (a file of repeated lines): replace it all.
  return { kind: "write", path, content: after };
}

/** Apply one part of a reference change to a file's text (`undefined`: the file does not exist); `null` when it does not apply. */
export function applyReferenceChange(change: ReferenceChange, text: string | undefined): string | null {
  if (change.kind === "write") return change.content;
  if (text === undefined || occurrences(text, change.old_string) !== 1) return null;
  const at = text.indexOf(change.old_string);
  return text.slice(0, at) + change.new_string + text.slice(at + change.old_string.length);
}
