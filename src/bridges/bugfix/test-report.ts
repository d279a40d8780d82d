import type { Json } from "../../core/json.js";
import type { TestCase, TestOutcome } from "../../sandbox/task-code/task-code-types.js";

/** Render test arguments as a call's argument list, e.g. `(3, 0, 5)`. */
export function formatArgs(args: readonly Json[]): string {
  return `(${args.map((arg) => JSON.stringify(arg)).join(", ")})`;
}

/**
 * The `test` tool's output: one line per test, `pass`, or `fail (args) -> got X want Y`,
 * with `error` in place of `got X` when the source failed to compile or the call threw.
 */
export function formatTestReport(tests: readonly TestCase[], outcomes: readonly TestOutcome[]): string {
  return tests
    .map((test, index) => {
      const outcome = outcomes[index];
      if (outcome?.passed) return "pass";
      const got = !outcome || outcome.error ? "error" : `got ${JSON.stringify(outcome.got)}`;
      return `fail ${formatArgs(test.args)} -> ${got} want ${JSON.stringify(test.expected)}`;
    })
    .join("\n");
}
