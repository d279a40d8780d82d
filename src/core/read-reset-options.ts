import { EnvriggerError } from "./errors.js";
import type { ResetOptions } from "./task.js";

/**
 * The `{taskId, seed}` of a `reset` call, checked cheaply (a string and a non-negative safe
 * integer); anything else is `BAD_ARGUMENT` quoting what was passed.
 */
export function readResetOptions(options: unknown): ResetOptions {
  const { taskId, seed } = (options ?? {}) as Partial<ResetOptions>;
  if (typeof taskId !== "string" || typeof seed !== "number" || !Number.isSafeInteger(seed) || seed < 0) {
    throw new EnvriggerError(
      "BAD_ARGUMENT",
      `reset needs {taskId: string, seed: non-negative integer}, got ${JSON.stringify(options)}`,
    );
  }
  return { taskId, seed };
}
