import type { BugFamilySpec } from "./bug-family-spec.js";

/**
 * compare: a strict comparison where a non-strict one was meant, so the boundary case is
 * wrong. Fixed by `relax_compare`. Inputs are integers in [0, 8]; results are booleans
 * (compared strictly: `1` is not `true`).
 */
export const compareFamily: BugFamilySpec = {
  family: "compare",
  fixOp: "relax_compare",
  publicCount: 3,
  hiddenCount: 8,
  inputRange: "integers in [0, 8]",
  drawArgs: (rng, arity) => Array.from({ length: arity }, () => rng.between(0, 8)),
  variants: [
    `function isAtLeast(value, limit) {
  return value > limit;
}`,
    `function fitsWithin(size, capacity) {
  return size < capacity;
}`,
    `function hasPassed(score, threshold) {
  return 2 * score > threshold;
}`,
    `function canAfford(price, budget) {
  return budget > price;
}`,
    `function reachesGoal(steps, goal) {
  return steps + 1 > goal + 1;
}`,
    `function isUnderCap(load, cap) {
  return load < cap * 2;
}`,
  ],
};
