import { tryFraction, type Fraction } from "./fraction.js";

/** The four operations of the game of 24, by the names the `combine` tool takes. */
export const arithmeticOperations = ["add", "sub", "mul", "div"] as const;

/** One of {@link arithmeticOperations}. */
export type ArithmeticOperation = (typeof arithmeticOperations)[number];

/** The symbol of each operation, for observation text (`8 / 3 = 8/3`). */
export const operationSymbols: Readonly<Record<ArithmeticOperation, string>> = {
  add: "+",
  sub: "-",
  mul: "*",
  div: "/",
};

/** True when `name` is one of the four operation names. */
export function isArithmeticOperation(name: unknown): name is ArithmeticOperation {
  return name === "add" || name === "sub" || name === "mul" || name === "div";
}

/**
 * `left op right`, exactly. `undefined` when the result does not exist (division by zero)
 * or does not fit safe integers (impossible with the game's numbers, checked anyway: every
 * product is checked before it is used, so a rounded float never reaches a fraction).
 */
export function applyOperation(operation: ArithmeticOperation, left: Fraction, right: Fraction): Fraction | undefined {
  if (operation === "mul") return tryFraction(left.numerator * right.numerator, left.denominator * right.denominator);
  if (operation === "div") return tryFraction(left.numerator * right.denominator, left.denominator * right.numerator);
  const leftScaled = left.numerator * right.denominator;
  const rightScaled = right.numerator * left.denominator;
  if (!Number.isSafeInteger(leftScaled) || !Number.isSafeInteger(rightScaled)) return undefined;
  const denominator = left.denominator * right.denominator;
  return tryFraction(operation === "add" ? leftScaled + rightScaled : leftScaled - rightScaled, denominator);
}
