import type { Action } from "../../core/action.js";
import { isJsonObject, stableStringify, type Json, type JsonObject } from "../../core/json.js";
import type { ToolSpec } from "../../core/tool-spec.js";

/** More values than this for one argument are not enumerated (the values seen are used instead). */
const MAX_DOMAIN = 32;

function distinct(values: readonly Json[]): Json[] {
  const seen = new Map<string, Json>();
  for (const value of values) seen.set(stableStringify(value), value);
  return [...seen.values()];
}

function numberOr(value: Json | undefined, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

/**
 * The values each argument of `tool` may take in a well-formed call, read from its JSON
 * Schema and from the calls the policy made (`calls`): an `enum` gives its values; a
 * boolean both; an integer the range from its `minimum` (else the smallest seen) to its
 * `maximum` (else the largest value seen in any integer argument of the tool — indices and
 * counts of one tool share a range); anything else the values seen. Arguments that are
 * neither required nor ever used are left out. Null when a required argument has no value
 * to draw from.
 */
export function argumentDomains(tool: ToolSpec, calls: readonly Action[]): Record<string, Json[]> | null {
  const properties = isJsonObject(tool.inputSchema.properties) ? tool.inputSchema.properties : {};
  const required = Array.isArray(tool.inputSchema.required)
    ? tool.inputSchema.required.filter((name): name is string => typeof name === "string")
    : [];
  const seenOf = (name: string) =>
    calls.map((call) => call.args[name]).filter((value): value is Json => value !== undefined);
  const integersSeen = calls
    .flatMap((call) => Object.values(call.args))
    .filter((value): value is number => Number.isInteger(value));
  const domains: Record<string, Json[]> = {};
  for (const [name, raw] of Object.entries(properties)) {
    const schema: JsonObject = isJsonObject(raw) ? raw : {};
    const seen = distinct(seenOf(name));
    if (!required.includes(name) && seen.length === 0) continue;
    let values: Json[] = seen;
    if (Array.isArray(schema.enum)) values = distinct(schema.enum);
    else if (schema.type === "boolean") values = [true, false];
    else if (schema.type === "integer") {
      const low = numberOr(schema.minimum, Math.min(...integersSeen));
      const high = numberOr(schema.maximum, Math.max(...integersSeen));
      if (Number.isFinite(low) && Number.isFinite(high) && high >= low && high - low < MAX_DOMAIN)
        values = Array.from({ length: high - low + 1 }, (_, index) => low + index);
    }
    if (values.length === 0) {
      if (required.includes(name)) return null;
      continue;
    }
    domains[name] = values;
  }
  return domains;
}

/** How many distinct calls the domains allow (capped, for "is there an alternative at all"). */
export function callCount(domains: Record<string, Json[]>): number {
  return Object.values(domains).reduce((product, values) => Math.min(1_000_000, product * values.length), 1);
}
