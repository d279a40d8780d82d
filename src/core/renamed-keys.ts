import { z } from "zod";

/**
 * A schema that also reads objects written under older key names: before `schema` parses,
 * each old key of `renamed` (old → new) moves to its new name, unless the new one is
 * present too (then the old one is dropped). For run files, checkpoints and configs written
 * before a setting was renamed, so old runs still read and resume.
 */
export function withRenamedKeys<S extends z.ZodType>(schema: S, renamed: Readonly<Record<string, string>>) {
  return z.preprocess((value) => renameKeys(value, renamed), schema);
}

/** `value` with the old keys of `renamed` moved to their new names (a copy; non-objects unchanged). */
export function renameKeys(value: unknown, renamed: Readonly<Record<string, string>>): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  if (!Object.keys(renamed).some((old) => old in record)) return value;
  const copy: Record<string, unknown> = { ...record };
  for (const [old, next] of Object.entries(renamed)) {
    if (!(old in copy)) continue;
    if (!(next in copy)) copy[next] = copy[old];
    delete copy[old];
  }
  return copy;
}
