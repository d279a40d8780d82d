import type { BugFamilySpec } from "./bug-family-spec.js";

/**
 * range: off by one — the loop stops one step early because `range` excludes its end.
 * Variants differ in the start of the range and in what is accumulated. Fixed by
 * `extend_range`. Inputs are integers in [0, 12].
 */
export const rangeFamily: BugFamilySpec = {
  family: "range",
  fixOp: "extend_range",
  publicCount: 3,
  hiddenCount: 8,
  inputRange: "integers in [0, 12]",
  drawArgs: (rng, arity) => Array.from({ length: arity }, () => rng.between(0, 12)),
  variants: [
    `function sumTo(n) {
  let total = 0;
  for (const i of range(0, n)) {
    total += i;
  }
  return total;
}`,
    `function sumSquares(n) {
  let total = 0;
  for (const i of range(1, n)) {
    total += i * i;
  }
  return total;
}`,
    `function sumBetween(low, high) {
  let total = 0;
  for (const i of range(low, high)) {
    total += i;
  }
  return total;
}`,
    `function sumDoubled(limit) {
  let total = 0;
  for (const k of range(2, limit)) {
    total += 2 * k;
  }
  return total;
}`,
    `function sumCubes(n) {
  let total = 0;
  for (const i of range(1, n)) {
    total += i * i * i;
  }
  return total;
}`,
    `function weightedSum(count, weight) {
  let sum = 0;
  for (const j of range(1, count)) {
    sum += j * weight;
  }
  return sum;
}`,
  ],
};
