import type { BugFamilySpec } from "./bug-family-spec.js";

/**
 * init: an accumulator starts at the wrong value (a product from 0, or a sum from 1).
 * Fixed by `toggle_init`. Loops use `range(1, n + 1)`, so only the range end tells this
 * family from `range`. Inputs are n in [0, 5]: only six distinct inputs, so a task has
 * three public and three hidden tests that together use all six.
 */
export const initFamily: BugFamilySpec = {
  family: "init",
  fixOp: "toggle_init",
  publicCount: 3,
  hiddenCount: 3,
  inputRange: "integers in [0, 5]",
  drawArgs: (rng, arity) => Array.from({ length: arity }, () => rng.between(0, 5)),
  variants: [
    `function factorial(n) {
  let product = 0;
  for (const i of range(1, n + 1)) {
    product *= i;
  }
  return product;
}`,
    `function powerOfTwo(n) {
  let result = 0;
  for (const i of range(1, n + 1)) {
    result *= 2;
  }
  return result;
}`,
    `function triangle(n) {
  let total = 1;
  for (const i of range(1, n + 1)) {
    total += i;
  }
  return total;
}`,
    `function oddProduct(count) {
  let product = 0;
  for (const k of range(1, count + 1)) {
    product *= 2 * k - 1;
  }
  return product;
}`,
    `function powerOfThree(n) {
  let value = 0;
  for (const i of range(1, n + 1)) {
    value *= 3;
  }
  return value;
}`,
    `function squareTotal(n) {
  let total = 1;
  for (const i of range(1, n + 1)) {
    total += i * i;
  }
  return total;
}`,
  ],
};
