/**
 * The prelude evaluated before every BugFix task source (buggy, edited or reference).
 * It gives task code a few Python-like helpers so that the edit-op table stays diagonal:
 * loops are written `for (const i of range(a, b)) { ... }`, never `i < n`, so the op
 * that relaxes a strict comparison cannot also repair an off-by-one loop.
 *
 * - `range(start, end)`: the array `start, start + 1, …, end - 1` (empty when end ≤ start).
 * - `min(a, b)` / `max(a, b)`: the smaller / larger of two numbers.
 * - `idiv(a, b)`: floor division that throws on a zero divisor, like Python's `//`.
 */
export const taskPrelude = `
function range(start, end) {
  const values = [];
  for (let value = start; value < end; value += 1) values.push(value);
  return values;
}
function min(first, second) {
  return first <= second ? first : second;
}
function max(first, second) {
  return first >= second ? first : second;
}
function idiv(dividend, divisor) {
  if (divisor === 0) throw new Error("integer division by zero");
  return Math.floor(dividend / divisor);
}
`;
