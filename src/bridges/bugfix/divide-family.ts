import type { BugFamilySpec } from "./bug-family-spec.js";

/**
 * divide: a floor division with no guard for a zero divisor (the last parameter), so a
 * zero divisor throws. The intended behaviour returns 0 then. Fixed by `guard_zero`.
 * Inputs: the divisor (last parameter) is an integer in [0, 4], the others in [0, 20].
 */
export const divideFamily: BugFamilySpec = {
  family: "divide",
  fixOp: "guard_zero",
  publicCount: 3,
  hiddenCount: 8,
  inputRange: "divisor (last parameter) in [0, 4], other integers in [0, 20]",
  drawArgs: (rng, arity) =>
    Array.from({ length: arity }, (_, index) => (index === arity - 1 ? rng.between(0, 4) : rng.between(0, 20))),
  variants: [
    `function average(total, count) {
  return idiv(total, count);
}`,
    `function share(amount, people) {
  return idiv(amount, people);
}`,
    `function perItem(price, quantity, items) {
  return idiv(price * quantity, items);
}`,
    `function percentOf(part, whole) {
  return idiv(100 * part, whole);
}`,
    `function splitBill(total, tip, diners) {
  return idiv(total + tip, diners);
}`,
    `function chunks(length, size) {
  return idiv(length + size - 1, size);
}`,
  ],
};
