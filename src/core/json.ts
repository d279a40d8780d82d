import { z } from "zod";

/** Any JSON value. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** A JSON object (the shape of action arguments, observation data, info records). */
export type JsonObject = { [key: string]: Json };

/** Schema of any JSON value (finite numbers only; no undefined, functions or cycles). */
export const jsonSchema: z.ZodType<Json> = z.lazy(() =>
  z.union([
    z.string(),
    z.number().refine(Number.isFinite, "numbers must be finite"),
    z.boolean(),
    z.null(),
    z.array(jsonSchema),
    z.record(z.string(), jsonSchema),
  ]),
);

/** Schema of a JSON object. */
export const jsonObjectSchema: z.ZodType<JsonObject> = z.record(z.string(), jsonSchema);

/** Deep copy of a JSON value (structuredClone keeps it fast; the input must be JSON). */
export function cloneJson<T extends Json>(value: T): T {
  return structuredClone(value);
}

/** Structural equality of two JSON values (key order of objects ignored). */
export function jsonEqual(left: Json | undefined, right: Json | undefined): boolean {
  if (left === right) return true;
  if (left === null || right === null || left === undefined || right === undefined) return false;
  if (typeof left !== "object" || typeof right !== "object") return false;
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  if (Array.isArray(left) && Array.isArray(right)) {
    return left.length === right.length && left.every((item, index) => jsonEqual(item, right[index]));
  }
  const leftObject = left as JsonObject;
  const rightObject = right as JsonObject;
  const leftKeys = Object.keys(leftObject);
  if (leftKeys.length !== Object.keys(rightObject).length) return false;
  return leftKeys.every((key) => key in rightObject && jsonEqual(leftObject[key], rightObject[key]));
}

/** JSON text with object keys sorted, so equal values serialise identically (for hashing). */
export function stableStringify(value: Json): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${stableStringify(value[key])}`).join(",")}}`;
}

/** Nesting beyond which {@link isJsonObject} gives up (the caller then falls back to the schema). */
const fastGuardDepth = 256;

/** True when `value` is JSON that `jsonSchema` accepts and returns unchanged (see {@link isJsonObject}). */
function isPlainJson(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value);
    case "object":
      break;
    default:
      return false;
  }
  if (value === null) return true;
  if (depth >= fastGuardDepth) return false;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return false;
    for (let index = 0; index < value.length; index++) {
      if (!isPlainJson(value[index], depth + 1)) return false;
    }
    return true;
  }
  return isPlainJsonRecord(value, depth);
}

/** True when `value` is a plain (or null-prototype) object of plain JSON values. */
function isPlainJsonRecord(value: object, depth: number): boolean {
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  if (Object.getOwnPropertySymbols(value).length > 0) return false;
  for (const key of Object.keys(value)) {
    if (key === "__proto__" || !isPlainJson((value as Record<string, unknown>)[key], depth + 1)) return false;
  }
  return true;
}

/**
 * A fast guard for hot paths: true when `value` is a plain JSON object (plain objects and
 * arrays only, finite numbers, no `undefined`, symbol keys or `__proto__` keys, nesting
 * under 256 levels). Whenever it returns true, `jsonObjectSchema` accepts the value and
 * returns an equal copy, so the value may be used as-is; when it returns false, parse with
 * `jsonObjectSchema`, which decides (it accepts a few more shapes, e.g. class instances
 * whose constructor looks plain) and words the issues. About 10× cheaper than the schema
 * on a small observation's data.
 */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value) && isPlainJsonRecord(value, 0);
}
