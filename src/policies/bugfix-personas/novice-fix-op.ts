import { type FixOpName, fixOpNames } from "../../bridges/bugfix/index.js";
import type { Rng } from "../../core/seeding.js";

/**
 * The novice's rule for choosing a fix op from a code projection (tokens separated by
 * spaces). It is right on code that shows `min`/`max`, a division or a strict comparison,
 * but it cannot tell an off-by-one loop from a wrong accumulator start: on any `range (`
 * loop it picks `extend_range` or `toggle_init` at 50/50, ignoring the range's end.
 * Code it does not recognise gets a random fix op.
 */
export function noviceFixOp(code: string, random: Rng): FixOpName {
  if (/(^|\s)(min|max) \(/m.test(code)) return "swap_minmax";
  if (/(^|\s)(idiv \(|\/ )/m.test(code)) return "guard_zero";
  if (/(^|\s)range \(/m.test(code)) return random.chance(0.5) ? "extend_range" : "toggle_init";
  if (/(^|\s)[<>](\s|$)/m.test(code)) return "relax_compare";
  return random.pick(fixOpNames);
}
