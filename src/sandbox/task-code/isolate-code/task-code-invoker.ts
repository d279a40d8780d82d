import { describeError, describeValue } from "./describe-value.js";
import { guardBuiltins } from "./guard-builtins.js";
import { apply, SetConstructor } from "./intrinsics.js";
import { notJson, toJson } from "./to-json.js";

/*
 * In-isolate code: the entry of the task-code bootstrap (see `taskCodeBootstrapSource`),
 * bundled into a string by scripts/generate-sandbox-code.ts. It runs in every fresh
 * task-code context before the prelude and the task code.
 */

/** One call's outcome, as `taskCodeInvocationSchema` reads it on the host. */
type Invocation = [0, unknown] | [1, string] | [2, string];

/**
 * Guard the builtins that allocate in one step (see `guardBuiltins`) and answer the
 * invoker: `(target) => (args) => Invocation`, which calls `target(...args)` and turns the
 * outcome into a clean, JSON-only tuple (so copying it out of the isolate never runs task
 * code and never fails).
 */
export default function createTaskCodeInvoker(
  elementLimit: number,
): (target: (...args: unknown[]) => unknown) => (args: unknown[]) => Invocation {
  guardBuiltins(elementLimit);
  return (target) => (args) => {
    let value: unknown;
    try {
      value = apply(target, undefined, args);
    } catch (error) {
      return [2, describeError(error)];
    }
    try {
      return [0, toJson(value, new SetConstructor())];
    } catch (error) {
      if (error !== notJson) return [2, describeError(error)];
    }
    try {
      return [1, describeValue(value, new SetConstructor(), 0)];
    } catch {
      return [1, "an unreadable value"];
    }
  };
}
