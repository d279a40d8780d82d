import { stableStringify, type Json, type JsonObject } from "../../core/json.js";

/**
 * The `errors` list of an OpenEnv VALIDATION_ERROR (pydantic's `{loc, msg, type}` items)
 * as ` (location: message; …)`, at most five items; the empty string when there is none.
 */
export function formatValidationErrors(errors: Json | undefined): string {
  if (!Array.isArray(errors)) return "";
  const lines = errors.slice(0, 5).map((entry) => {
    const item = (typeof entry === "object" && entry !== null && !Array.isArray(entry) ? entry : {}) as JsonObject;
    const location = Array.isArray(item.loc) ? item.loc.join(".") : "";
    return `${location}${location ? ": " : ""}${typeof item.msg === "string" ? item.msg : stableStringify(entry)}`;
  });
  return lines.length > 0 ? ` (${lines.join("; ")})` : "";
}
