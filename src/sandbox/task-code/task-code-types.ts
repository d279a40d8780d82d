import type { Json } from "../../core/json.js";

/** One test of task code: call the entry function with `args`, compare to `expected` strictly. */
export interface TestCase {
  args: Json[];
  expected: Json;
}

/**
 * The outcome of one test. `error` is true when the source failed to compile, the call
 * threw, timed out or ran out of memory; then `got` is the string `"error"`.
 * Comparison is strict and structural: `1` is not `true`, `"1"` is not `1`.
 */
export interface TestOutcome {
  passed: boolean;
  got: Json;
  error: boolean;
  /** Short reason when `error` (compile error, thrown message, "timeout", "memory"). */
  errorMessage?: string;
}
