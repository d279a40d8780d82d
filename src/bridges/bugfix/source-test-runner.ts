import type { TestCase, TestOutcome } from "../../sandbox/task-code/task-code-types.js";

/**
 * What the BugFix gym needs from a code runner (the sandbox's `TaskCodeRunner` fits):
 * run `entry` of `source` on each test, synchronously, with the task prelude in scope.
 */
export interface SourceTestRunner {
  runTests(source: string, entry: string, tests: TestCase[]): TestOutcome[];
  dispose(): void;
}
