import type { BugFamilySpec } from "./bug-family-spec.js";

/**
 * clamp: `min` and `max` are swapped, so the function returns the lower bound for every
 * input. Fixed by `swap_minmax`. Inputs are integers in [-5, 14]; for three-parameter
 * variants the two bounds are drawn in order (lower ≤ upper).
 */
export const clampFamily: BugFamilySpec = {
  family: "clamp",
  fixOp: "swap_minmax",
  publicCount: 3,
  hiddenCount: 8,
  inputRange: "integers in [-5, 14]",
  drawArgs(rng, arity) {
    const args = Array.from({ length: arity }, () => rng.between(-5, 14));
    if (arity === 3 && (args[1] as number) > (args[2] as number))
      [args[1], args[2]] = [args[2] as number, args[1] as number];
    return args;
  },
  variants: [
    `function clamp(x, lower, upper) {
  return min(lower, max(x, upper));
}`,
    `function bound(value, low, high) {
  return min(low, max(value, high));
}`,
    `function clampDigit(value) {
  return min(0, max(value, 9));
}`,
    `function clampAround(x, center) {
  return min(center - 2, max(x, center + 2));
}`,
    `function pin(reading, minimum, maximum) {
  return min(minimum, max(reading, maximum));
}`,
    `function clampScore(score) {
  return min(1, max(score, 10));
}`,
  ],
};
