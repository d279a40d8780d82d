import { EnvriggerError } from "../core/errors.js";

/** Parse a non-negative integer option; a bad value is a user error (exit code 2). */
export function parseInteger(value: string, option: string, minimum = 0): number {
  if (!/^\d+$/.test(value.trim())) {
    throw new EnvriggerError("BAD_ARGUMENT", `${option} expects a whole number, got "${value}"`);
  }
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < minimum) {
    throw new EnvriggerError("BAD_ARGUMENT", `${option} expects a whole number ≥ ${minimum}, got "${value}"`);
  }
  return number;
}

/** Parse one of a fixed set of words. */
export function parseChoice<T extends string>(value: string, option: string, choices: readonly T[]): T {
  if (!(choices as readonly string[]).includes(value)) {
    throw new EnvriggerError("BAD_ARGUMENT", `${option} expects one of ${choices.join(", ")}, got "${value}"`);
  }
  return value as T;
}

/** Parse `lo,hi` with 0 ≤ lo ≤ hi (and hi ≤ `maximum` when given). */
export function parseBand(value: string, option: string, maximum?: number): [number, number] {
  const parts = value.split(",").map((part) => Number(part.trim()));
  const [low, high] = parts;
  if (
    parts.length !== 2 ||
    low === undefined ||
    high === undefined ||
    !Number.isFinite(low) ||
    !Number.isFinite(high) ||
    low < 0 ||
    low > high ||
    (maximum !== undefined && high > maximum)
  ) {
    throw new EnvriggerError(
      "BAD_ARGUMENT",
      `${option} expects "lo,hi" with 0 ≤ lo ≤ hi${maximum !== undefined ? ` ≤ ${maximum}` : ""}, got "${value}"`,
    );
  }
  return [low, high];
}

/** Parse a probability strictly between 0.5 and 1 (e.g. a confidence). */
export function parseProbability(value: string, option: string): number {
  const number = Number(value.trim());
  if (value.trim() === "" || !Number.isFinite(number) || number <= 0.5 || number >= 1) {
    throw new EnvriggerError(
      "BAD_ARGUMENT",
      `${option} expects a probability between 0.5 and 1 (exclusive), got "${value}"`,
    );
  }
  return number;
}
