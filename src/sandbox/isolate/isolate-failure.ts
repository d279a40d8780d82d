import type ivm from "isolated-vm";
import { errorMessage } from "../../core/errors.js";

/**
 * Why a synchronous isolated-vm call failed on the host side:
 * - `timeout`: the call ran past its `timeout` (the isolate stays usable);
 * - `memory`: the isolate hit its memory limit and was disposed (create a new one);
 * - `other`: anything else (a syntax error, an error thrown out of the isolate…), with its
 *   message.
 */
export type IsolateFailure =
  | { kind: "timeout"; message: "timeout" }
  | { kind: "memory"; message: "memory" }
  | { kind: "other"; message: string };

const timeoutMessage = "Script execution timed out.";

/**
 * Classify an error thrown by a synchronous isolated-vm call (`compileScriptSync`,
 * `runSync`, `applySync`, `evalSync`) on `isolate`. A disposed isolate means the memory
 * limit was hit (the only way an isolate is disposed that its owner did not ask for).
 */
export function classifyIsolateFailure(error: unknown, isolate: ivm.Isolate): IsolateFailure {
  if (isolate.isDisposed) return { kind: "memory", message: "memory" };
  const message = errorMessage(error);
  if (message === timeoutMessage) return { kind: "timeout", message: "timeout" };
  const name = error instanceof Error && error.name !== "" ? `${error.name}: ` : "";
  return { kind: "other", message: `${name}${message}`.slice(0, 300) };
}
