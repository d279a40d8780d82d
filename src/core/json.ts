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
