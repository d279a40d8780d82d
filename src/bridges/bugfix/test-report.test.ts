import { afterAll, describe, expect, it } from "vitest";
import { TaskCodeRunner } from "../../sandbox/task-code/task-code-runner.js";
import { taskPrelude } from "./task-prelude.js";
import { formatArgs, formatTestReport } from "./test-report.js";

const runner = new TaskCodeRunner({ prelude: taskPrelude });
afterAll(() => runner.dispose());

describe("formatTestReport", () => {
  const compareTests = [
    { args: [2, 2], expected: true },
    { args: [1, 4], expected: false },
    { args: [5, 3], expected: true },
  ];

  it("prints pass, or fail with args, got and want", () => {
    const buggy = "function isAtLeast(value, limit) {\n  return value > limit;\n}";
    const report = formatTestReport(compareTests, runner.runTests(buggy, "isAtLeast", compareTests));
    expect(report).toBe("fail (2, 2) -> got false want true\npass\npass");
  });

  it("compares strictly: 1 is not true", () => {
    const numeric = "function isAtLeast(value, limit) {\n  return value >= limit ? 1 : 0;\n}";
    const report = formatTestReport(compareTests, runner.runTests(numeric, "isAtLeast", compareTests));
    expect(report).toBe(
      "fail (2, 2) -> got 1 want true\nfail (1, 4) -> got 0 want false\nfail (5, 3) -> got 1 want true",
    );
  });

  it("a syntax error gives error for every test, as an observation", () => {
    const broken = "function isAtLeast(value, limit {\n  return value >= limit;\n}";
    const report = formatTestReport(compareTests, runner.runTests(broken, "isAtLeast", compareTests));
    expect(report).toBe(
      "fail (2, 2) -> error want true\nfail (1, 4) -> error want false\nfail (5, 3) -> error want true",
    );
  });

  it("a call that throws (Python-like idiv by zero) gives error for that test only", () => {
    const tests = [
      { args: [7, 2], expected: 3 },
      { args: [1, 0], expected: 0 },
    ];
    const report = formatTestReport(
      tests,
      runner.runTests("function share(amount, people) {\n  return idiv(amount, people);\n}", "share", tests),
    );
    expect(report).toBe("pass\nfail (1, 0) -> error want 0");
  });

  it("prints args like a call", () => {
    expect(formatArgs([3, 0, 5])).toBe("(3, 0, 5)");
    expect(formatArgs([-1])).toBe("(-1)");
  });
});

describe("taskPrelude", () => {
  it("gives Python-like range, min, max and idiv", () => {
    const source = `function probe(a, b) {
  return [range(a, b), min(a, b), max(a, b), idiv(a, 2), idiv(-7, 2)];
}`;
    const [outcome] = runner.runTests(source, "probe", [{ args: [2, 5], expected: [[2, 3, 4], 2, 5, 1, -4] }]);
    expect(outcome!.passed).toBe(true);
    const [empty] = runner.runTests(source, "probe", [{ args: [5, 2], expected: [[], 2, 5, 2, -4] }]);
    expect(empty!.passed).toBe(true);
  });
});
