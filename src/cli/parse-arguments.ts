import type { Command } from "commander";
import { EnvriggerError } from "../core/errors.js";
import { MAX_TIMER_MS } from "../core/max-timer-ms.js";
import type { Setting, SettingLimit } from "../core/setting.js";
import { curriculumSettingTable, rigSettingTable } from "../rigger/rig-settings.js";
import { experimentSettingTable } from "../rl/experiment-settings.js";
import { trainingSettingTable } from "../rl/training-settings.js";

/** The range of one whole-number option, both ends inclusive. */
export type IntegerLimit = SettingLimit;

/**
 * Every whole-number option of the CLI with its range, in one table: {@link parseInteger}
 * accepts only these names, `--help` shows each range (see {@link describeLimits}), and a
 * test checks that every numeric option of every command is here. Counts are bounded so
 * that what a run holds is bounded; timeouts so that a timer can hold them.
 */
export const integerOptionLimits: Readonly<Record<string, IntegerLimit>> = {
  ...limitsOf(rigSettingTable, "integer"),
  ...limitsOf(curriculumSettingTable, "integer"),
  ...limitsOf(trainingSettingTable, "integer"),
  ...limitsOf(experimentSettingTable, "integer"),
  "--episodes": { minimum: 1, maximum: 100_000 },
  "--top-k": { minimum: 1, maximum: 1_000 },
  "--job-concurrency": { minimum: 1, maximum: 1_024 },
  "--port": { minimum: 0, maximum: 65_535 },
  "--max-sessions": { minimum: 1, maximum: 10_000 },
  "--idle-timeout": { minimum: 1, maximum: Math.floor(MAX_TIMER_MS / 1000) },
  "--max-message-bytes": { minimum: 1_024, maximum: 256 * 1024 * 1024 },
  "--lock-duration-ms": { minimum: 100, maximum: MAX_TIMER_MS },
  "--stalled-interval-ms": { minimum: 100, maximum: MAX_TIMER_MS },
  "--max-stalled-count": { minimum: 0, maximum: 1_000 },
};

/** The ranges of a settings table's settings of `kind`, by flag. */
function limitsOf(table: Record<string, Setting>, kind: Setting["kind"]): Record<string, IntegerLimit> {
  return Object.fromEntries(
    Object.values(table)
      .filter((setting) => setting.kind === kind && setting.limit)
      .map((setting) => [setting.flag, setting.limit!]),
  );
}

/**
 * Every option of the CLI that takes a decimal number, with its range (both ends
 * inclusive): {@link parseDecimal} accepts only these names, `--help` shows each range.
 * A tolerance of half a band is the most a band in [0, 1] can be widened by and still mean something.
 */
export const decimalOptionLimits: Readonly<Record<string, IntegerLimit>> = limitsOf(rigSettingTable, "decimal");

/** A decimal option of the CLI (a key of {@link decimalOptionLimits}). */
export type DecimalOption = `--${string}`;

/** A whole-number option of the CLI (a key of {@link integerOptionLimits}). */
export type IntegerOption = `--${string}`;

function rangeText(limit: IntegerLimit): string {
  return `${limit.minimum}–${limit.maximum}`;
}

/**
 * Parse a whole-number option within its range in {@link integerOptionLimits}; a bad value
 * is a user error (exit code 2) naming the range.
 */
export function parseInteger(value: string, option: IntegerOption, range?: IntegerLimit): number {
  const limit = range ?? integerOptionLimits[option];
  if (!limit) throw new EnvriggerError("INTERNAL", `${option} has no range in integerOptionLimits`);
  const text = value.trim();
  const number = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(number) || number < limit.minimum || number > limit.maximum) {
    throw new EnvriggerError("BAD_ARGUMENT", `${option} expects a whole number in ${rangeText(limit)}, got "${value}"`);
  }
  return number;
}

/**
 * Parse a decimal option (`0`, `0.05`, `.05`) within its range in {@link decimalOptionLimits};
 * a bad value is a user error (exit code 2) naming the range.
 */
export function parseDecimal(value: string, option: DecimalOption, range?: IntegerLimit): number {
  const limit = range ?? decimalOptionLimits[option];
  if (!limit) throw new EnvriggerError("INTERNAL", `${option} has no range in decimalOptionLimits`);
  const text = value.trim();
  const number = Number(text);
  if (!DECIMAL.test(text) || number < limit.minimum || number > limit.maximum) {
    throw new EnvriggerError(
      "BAD_ARGUMENT",
      `${option} expects a decimal number in ${rangeText(limit)}, got "${value}"`,
    );
  }
  return number;
}

/**
 * Append each whole-number and decimal option's range to its `--help` line, on every
 * command of `program` and its subcommands (e.g. `episodes per task [1–100000]`).
 */
export function describeLimits(program: Command): Command {
  const commands = (command: Command): Command[] => [command, ...command.commands.flatMap(commands)];
  for (const command of commands(program)) {
    for (const option of command.options) {
      const limit: IntegerLimit | undefined = option.long
        ? (integerOptionLimits[option.long] ?? decimalOptionLimits[option.long])
        : undefined;
      if (limit) option.description = `${option.description} [${rangeText(limit)}]`;
    }
  }
  return program;
}

/** Parse one of a fixed set of words. */
export function parseChoice<T extends string>(value: string, option: string, choices: readonly T[]): T {
  if (!(choices as readonly string[]).includes(value)) {
    throw new EnvriggerError("BAD_ARGUMENT", `${option} expects one of ${choices.join(", ")}, got "${value}"`);
  }
  return value as T;
}

/** A non-negative decimal number as people write it: `0`, `0.4`, `.4`, `12`. */
const DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Parse `lo,hi`, two decimals with 0 ≤ lo < hi ≤ `maximum`. */
export function parseBand(value: string, option: string, maximum: number): [number, number] {
  const parts = value.split(",").map((part) => part.trim());
  const [low, high] = parts.map(Number);
  if (
    parts.length !== 2 ||
    !parts.every((part) => DECIMAL.test(part)) ||
    low === undefined ||
    high === undefined ||
    !(low < high) ||
    high > maximum
  ) {
    throw new EnvriggerError(
      "BAD_ARGUMENT",
      `${option} expects "lo,hi", two decimals with 0 ≤ lo < hi ≤ ${maximum}, got "${value}"`,
    );
  }
  return [low, high];
}

/** Parse a probability strictly between 0.5 and 1 (e.g. a confidence), written in decimal. */
export function parseProbability(value: string, option: string): number {
  const text = value.trim();
  const number = Number(text);
  if (!DECIMAL.test(text) || number <= 0.5 || number >= 1) {
    throw new EnvriggerError(
      "BAD_ARGUMENT",
      `${option} expects a probability between 0.5 and 1 (exclusive), got "${value}"`,
    );
  }
  return number;
}
