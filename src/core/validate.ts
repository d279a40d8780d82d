import type { z } from "zod";
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

/** Parse JSON text from outside and validate it; bad JSON and bad shapes both throw `code`. */
export function parseJsonText<S extends z.ZodType>(
  schema: S,
  text: string,
  what: string,
  code: ErrorCode = "BAD_CONFIG",
): z.infer<S> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new EnvriggerError(code, `${what} is not valid JSON: ${(error as Error).message}`);
  }
  return parseWith(schema, value, what, code);
}
