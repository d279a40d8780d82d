import { EnvriggerError } from "../../core/errors.js";

/**
 * An exact rational number, always normalized: the denominator is a positive integer, the
 * numerator and denominator share no factor, and zero is `0/1`. Both parts are safe
 * integers (|value| ≤ 2^53 − 1), so two fractions are equal exactly when their parts are.
 */
export interface Fraction {
  readonly numerator: number;
  readonly denominator: number;
}

function greatestCommonDivisor(left: number, right: number): number {
  let a = left < 0 ? -left : left;
  let b = right < 0 ? -right : right;
  while (b !== 0) {
    const rest = a % b;
    a = b;
    b = rest;
  }
  return a;
}

/**
 * The normalized fraction `numerator / denominator`, or `undefined` when the denominator is
 * zero or a part is not a safe integer (the arithmetic uses this to reject results it
 * cannot represent exactly).
 */
export function tryFraction(numerator: number, denominator: number): Fraction | undefined {
  if (denominator === 0 || !Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator)) return undefined;
  const divisor = greatestCommonDivisor(numerator, denominator);
  const sign = denominator < 0 ? -1 : 1;
  // `+ 0` turns a negative zero into zero so that equal fractions have identical parts.
  return { numerator: (sign * numerator) / divisor + 0, denominator: (sign * denominator) / divisor };
}

/** The normalized fraction `numerator / denominator`; throws `BAD_ARGUMENT` when it cannot exist. */
export function createFraction(numerator: number, denominator = 1): Fraction {
  const fraction = tryFraction(numerator, denominator);
  if (!fraction) {
    throw new EnvriggerError(
      "BAD_ARGUMENT",
      `${numerator}/${denominator} is not a fraction of safe integers with a non-zero denominator`,
    );
  }
  return fraction;
}

/** True when both fractions are the same number. */
export function fractionEquals(left: Fraction, right: Fraction): boolean {
  return left.numerator === right.numerator && left.denominator === right.denominator;
}

/** True when the fraction is the integer `value`. */
export function fractionIsInteger(fraction: Fraction, value: number): boolean {
  return fraction.denominator === 1 && fraction.numerator === value;
}

/** The fraction as text: `7`, `-5`, `8/3`, `-1/2`. */
export function formatFraction(fraction: Fraction): string {
  return fraction.denominator === 1 ? String(fraction.numerator) : `${fraction.numerator}/${fraction.denominator}`;
}

const fractionPattern = /^(-?\d{1,15})(?:\/(\d{1,15}))?$/;

/** Read `7`, `-5`, `8/3`, `6/4` (normalized to `3/2`); `undefined` for anything else or a zero denominator. */
export function parseFraction(text: string): Fraction | undefined {
  const match = fractionPattern.exec(text);
  if (!match) return undefined;
  return tryFraction(Number(match[1]), match[2] === undefined ? 1 : Number(match[2]));
}

/** The fraction as a floating-point number (for heuristics only, never for the verdict). */
export function fractionToNumber(fraction: Fraction): number {
  return fraction.numerator / fraction.denominator;
}
