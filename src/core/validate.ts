import type { z } from "zod";
import { type JsonLimits, parseBoundedJson } from "./bounded-json.js";
import { EnvriggerError, type ErrorCode } from "./errors.js";

/** Render zod issues as short lines: `path: message`. */
export function formatIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 8)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(root)"}: ${issue.message}`)
    .join("; ");
}

/**
 * Validate `value` at a boundary. On failure throws an {@link EnvriggerError} with `code`
 * whose message names `what` was being validated and every problem found.
 */
export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what: string,
  code: ErrorCode = "INVALID_SHAPE",
): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new EnvriggerError(code, `invalid ${what}: ${formatIssues(result.error)}`);
  }
  return result.data;
}

/**
 * Parse JSON text from outside within `limits` (see {@link parseBoundedJson}) and validate
 * it; bad, too deep or too large JSON and bad shapes all throw `code`.
 */
export function parseJsonText<S extends z.ZodType>(
  schema: S,
  text: string,
  what: string,
  code: ErrorCode = "BAD_CONFIG",
  limits?: Partial<JsonLimits>,
): z.infer<S> {
  const parsed = parseBoundedJson(text, limits);
  if (!parsed.ok) {
    const problem = parsed.reason === "syntax" ? "is not valid JSON" : "is refused";
    throw new EnvriggerError(code, `${what} ${problem}: ${parsed.message}`);
  }
  return parseWith(schema, parsed.value, what, code);
}
