import { z } from "zod";

/** The range of a whole number (or a band's upper end), both ends inclusive. */
export interface SettingLimit {
  minimum: number;
  maximum: number;
}

/**
 * How a setting is written on the command line: a whole number, a decimal in a range, a probability in (0.5, 1),
 * free text, a band `lo,hi`, a comma-separated list, repeatable `key=value` pairs, or one of
 * a few words.
 */
export type SettingKind = "integer" | "decimal" | "probability" | "text" | "band" | "list" | "key-value" | "choice";

/**
 * One setting, declared once: its zod schema (with its limit and default), the flag that
 * sets it on the command line, the help line, and the default as `--help` and the docs show
 * it. The CLI's options, the run configurations, the resume check and the docs' flag tables
 * are all read from rows like this one.
 */
export interface Setting<S extends z.ZodType = z.ZodType> {
  /** The flag, e.g. `--k-max` (of the field `kMax`). */
  flag: `--${string}`;
  /** The value's placeholder in `--help`, e.g. `<n>`. */
  value: string;
  help: string;
  kind: SettingKind;
  /** Whole and decimal numbers: the range; bands: `maximum` is the largest upper end. */
  limit?: SettingLimit;
  /** `choice`: the words accepted. */
  choices?: readonly string[];
  /** The default the schema applies (absent: none, or see `defaultText`). */
  default?: unknown;
  /** How `--help` describes a default that depends on other settings. */
  defaultText?: string;
  schema: S;
}

/** A whole-number setting in `limit`, with its default (or none: then optional). */
export function integer(
  row: { flag: `--${string}`; help: string; value?: string; default: number } & SettingLimit,
): Setting<z.ZodDefault<z.ZodNumber>>;
export function integer(
  row: { flag: `--${string}`; help: string; value?: string; defaultText?: string } & SettingLimit,
): Setting<z.ZodOptional<z.ZodNumber>>;
export function integer(
  row: { flag: `--${string}`; help: string; value?: string; default?: number; defaultText?: string } & SettingLimit,
): Setting {
  const base = z.number().int().min(row.minimum).max(row.maximum);
  const { minimum, maximum, ...rest } = row;
  return {
    value: "<n>",
    ...rest,
    kind: "integer",
    limit: { minimum, maximum },
    schema: row.default === undefined ? base.optional() : base.default(row.default),
  };
}

/** A free-text setting with its schema. */
export function text<S extends z.ZodType>(
  row: { flag: `--${string}`; help: string; value: string; default?: z.output<S>; defaultText?: string },
  schema: S,
): Setting<S> {
  return { ...row, kind: "text", schema };
}

/** The largest whole-number count a setting accepts (rollouts per batch, episodes). */
export const MAX_COUNT = 100_000;

/** The zod shape of a table: each field's schema. */
export function shapeOf<T extends Record<string, { schema: z.ZodType }>>(table: T): { [K in keyof T]: T[K]["schema"] } {
  return Object.fromEntries(Object.entries(table).map(([key, row]) => [key, row.schema])) as {
    [K in keyof T]: T[K]["schema"];
  };
}
