import { type FixOpName, applyEditOp, compactProjection } from "../../bridges/bugfix/index.js";
import { inferFixOp } from "../bugfix/infer-fix-op.js";

/** An Edit planned from a file's text: the exact old and new strings, and the bug family's fix it stands for. */
export interface PlannedEdit {
  op: FixOpName;
  oldString: string;
  newString: string;
}

function occurrences(text: string, needle: string): number {
  return needle === "" ? 0 : text.split(needle).length - 1;
}

/**
 * Plan the Edit that fixes a source, from its text alone: {@link inferFixOp} names the
 * bug family's fix (from the compact projection of the text), the fix's rewrite is applied
 * to the text, and the changed lines become `old_string` / `new_string` — widened by
 * neighbouring lines until `old_string` is non-empty and occurs exactly once (e.g. the
 * `min`/`max` line with the two names swapped; for a zero guard, the signature line and
 * the guard inserted after it). `null` when the fix changes nothing.
 */
export function planFixEdit(source: string): PlannedEdit | null {
  const op = inferFixOp(compactProjection(source));
  const fixed = applyEditOp(op, source, []);
  if (fixed === source) return null;
  const before = source.split("\n");
  const after = fixed.split("\n");
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < before.length - prefix &&
    suffix < after.length - prefix &&
    before[before.length - 1 - suffix] === after[after.length - 1 - suffix]
  )
    suffix++;
  let start = prefix;
  let endBefore = before.length - suffix;
  let endAfter = after.length - suffix;
  const oldText = () => before.slice(start, endBefore).join("\n");
  // Widen the block with context lines until the old text is non-empty and unique.
  while (oldText() === "" || occurrences(source, oldText()) !== 1) {
    if (start > 0) start--;
    else if (endBefore < before.length) {
      endBefore++;
      endAfter++;
    } else return null;
  }
  return { op, oldString: oldText(), newString: after.slice(start, endAfter).join("\n") };
}
