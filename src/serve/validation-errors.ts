import type { z } from "zod";
import type { BoundedJsonRefusal } from "../core/bounded-json.js";
import type { Json, JsonObject } from "../core/json.js";

/** The value at `path` inside `value`, or null when there is none. */
function valueAt(value: unknown, path: readonly PropertyKey[]): Json {
  let current: unknown = value;
  for (const key of path) {
    if (typeof current !== "object" || current === null) return null;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current === undefined ? null : (current as Json);
}

/**
 * Zod issues as pydantic's error list, which OpenEnv sends in VALIDATION_ERROR and HTTP
 * 422 replies: `[{type, loc, msg, input}]` — `missing` for an absent field,
 * `extra_forbidden` for each unexpected key, else zod's code. `locPrefix` is prepended to
 * every location (e.g. `["body"]` for HTTP bodies).
 */
export function validationErrors(error: z.ZodError, input: unknown, locPrefix: string[] = []): JsonObject[] {
  const errors: JsonObject[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map((key) => (typeof key === "number" ? key : String(key)));
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys)
        errors.push({
          type: "extra_forbidden",
          loc: [...locPrefix, ...path, key],
          msg: "Extra inputs are not permitted",
          input: valueAt(input, [...issue.path, key]),
        });
      continue;
    }
    const present = valueAt(input, issue.path);
    const missing = issue.path.length > 0 && !hasPath(input, issue.path);
    errors.push({
      type: missing ? "missing" : issue.code,
      loc: [...locPrefix, ...path],
      msg: missing ? "Field required" : issue.message,
      input: missing ? null : present,
    });
  }
  return errors;
}

function hasPath(value: unknown, path: readonly PropertyKey[]): boolean {
  let current: unknown = value;
  for (const key of path) {
    if (typeof current !== "object" || current === null || !(key in (current as object))) return false;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return true;
}

/**
 * The pydantic-style error of a message refused before parsing (see `parseBoundedJson`):
 * `json_too_deep` or `json_too_large` at `loc`, without the input (it is what was too big).
 */
export function jsonLimitError(
  reason: Exclude<BoundedJsonRefusal, "syntax">,
  message: string,
  loc: string[] = [],
): JsonObject {
  return { type: reason === "too-deep" ? "json_too_deep" : "json_too_large", loc, msg: message, input: null };
}
