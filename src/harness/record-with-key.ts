import type { Json, JsonObject } from "../core/json.js";

/**
 * A copy of `record` with `key` set to `value`: exactly `{ ...record, [key]: value }` (the
 * same keys in the same order; a key `record` already has keeps its place), built with
 * `Object.assign` because V8 (Node 20) takes a slow path for a spread followed by another
 * property — about 1–2 µs per copy against 0.2 µs, measured on a step's four-key `info`,
 * which every layer of every step copies. A record with an own `__proto__` key (possible
 * in parsed JSON) is spread as before: `Object.assign` would set the copy's prototype
 * instead of copying that key.
 */
export function recordWithKey(record: JsonObject, key: string, value: Json): JsonObject {
  if (Object.hasOwn(record, "__proto__")) return { ...record, [key]: value };
  const copy: JsonObject = Object.assign({}, record);
  if (key === "__proto__")
    Object.defineProperty(copy, key, { value, writable: true, enumerable: true, configurable: true });
  else copy[key] = value;
  return copy;
}
