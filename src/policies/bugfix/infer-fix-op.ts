import type { FixOpName } from "../../bridges/bugfix/index.js";

/**
 * The oracle's fixed keyword rule: choose a fix op from a `read` projection (tokens
 * separated by spaces), written knowing the five bug families and nothing else.
 *
 * - `min (` or `max (` → `swap_minmax`
 * - `idiv (` → `guard_zero`
 * - a `range ( a , b )` loop: when its end already adds one (`+ 1 )`) the loop is right
 *   and the accumulator's start is wrong → `toggle_init`; otherwise → `extend_range`
 * - a strict `<` or `>` → `relax_compare`
 * - nothing recognisable → `relax_compare` (a guess)
 */
export function inferFixOp(projectionText: string): FixOpName {
  if (/(^|\s)(min|max) \(/m.test(projectionText)) return "swap_minmax";
  if (/(^|\s)idiv \(/m.test(projectionText)) return "guard_zero";
  const loop = /(^|\s)range \( [^()]*? , ([^()]*?) \)/m.exec(projectionText);
  if (loop) return /\+ 1$/.test(loop[2] as string) ? "toggle_init" : "extend_range";
  return "relax_compare";
}
