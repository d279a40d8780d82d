import { z } from "zod";
import { EnvriggerError } from "../../core/errors.js";
import { jsonSchema } from "../../core/json.js";
import { taskCodeInvokerSource } from "../isolate/isolate-code.generated.js";

/**
 * What one call of task code gives back from the isolate, as a tagged tuple:
 * - `[0, value]`: the function returned `value`, which is strictly JSON (finite numbers,
 *   strings, booleans, null, arrays without holes, plain objects, no cycles); `-0` is `0`;
 * - `[1, text]`: the function returned something that is not JSON (`undefined`, `NaN`,
 *   `Infinity`, a function, a cycle, a `Map`…); `text` is its short text form;
 * - `[2, message]`: the function threw; `message` is `Name: message` of what it threw.
 */
export const taskCodeInvocationSchema = z.union([
  z.tuple([z.literal(0), jsonSchema]),
  z.tuple([z.literal(1), z.string()]),
  z.tuple([z.literal(2), z.string()]),
]);
/** One call's outcome as the isolate reports it (see {@link taskCodeInvocationSchema}). */
export type TaskCodeInvocation = z.infer<typeof taskCodeInvocationSchema>;

/**
 * JavaScript run in every fresh task-code context before the prelude and the task code.
 * Its completion value is the *invoker*: `(target) => (args) => TaskCodeInvocation`, which
 * calls `target(...args)` and turns the outcome into a clean, JSON-only tuple (so copying
 * it out of the isolate never runs task code and never fails). The code is the typed
 * module `isolate-code/task-code-invoker.ts` (bundled at build time, see
 * `scripts/generate-sandbox-code.ts`) called with `elementLimit`.
 *
 * Hardening, done before any untrusted code exists in the context:
 * - the invoker keeps its own references to the intrinsics it uses, so task code that
 *   reassigns globals (`JSON`, `Object.keys`, …) cannot change how results are read;
 * - a few native builtins that allocate a huge result in one uninterruptible step are
 *   wrapped to throw a `RangeError` above `elementLimit` elements: `Array.prototype.fill`
 *   (a holey array of 10^8 elements aborts the whole process through V8's fatal
 *   out-of-memory path, below any isolate memory limit), `Array.from` of an array-like,
 *   and `String.prototype.repeat` / `padStart` / `padEnd` (which otherwise overrun the
 *   call timeout by seconds).
 *
 * @param elementLimit - the largest element (or character) count the guarded builtins
 *   may produce.
 */
export function taskCodeBootstrapSource(elementLimit: number): string {
  if (!Number.isSafeInteger(elementLimit) || elementLimit < 1) {
    throw new EnvriggerError("BAD_ARGUMENT", `elementLimit must be a positive safe integer, got ${elementLimit}`);
  }
  return `"use strict";\n${taskCodeInvokerSource}(${elementLimit});\n`;
}
