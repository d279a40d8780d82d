import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TaskCodeRunner } from "./task-code-runner.js";

// Blocks the isolate's thread for `ms` of wall-clock time while using almost no CPU: what a
// call looks like to a wall-clock limit when the machine is loaded and the thread waits for a core.
const napping = "function nap(ms) { Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms); return ms; }";
const spinning = "function spin(x) { if (x > 0) { while (true) {} } return x; }";
const timeout = { passed: false, got: "error", error: true, errorMessage: "timeout" };

describe("task code under a CPU-time limit", () => {
  // 50 ms of CPU per call, with a wall-clock backstop far above it.
  let runner: TaskCodeRunner;
  beforeAll(() => {
    runner = new TaskCodeRunner({ cpuTimeMs: 50, timeoutMs: 3_000 });
  });
  afterAll(() => runner.dispose());

  it("still times a busy loop out, and keeps working", () => {
    expect(
      runner.runTests(spinning, "spin", [
        { args: [1], expected: 1 },
        { args: [0], expected: 0 },
      ]),
    ).toEqual([timeout, { passed: true, got: 0, error: false }]);
    // A loop that would finish, but only after far more CPU than the limit.
    const long =
      "function count() { let total = 0; for (let index = 0; index < 4e9; index++) total += index; return total; }";
    expect(runner.runTests(long, "count", [{ args: [], expected: 0 }])).toEqual([timeout]);
    // At load time too.
    expect(
      runner.runTests("while (true) {}\nfunction one() { return 1; }", "one", [{ args: [], expected: 1 }]),
    ).toEqual([timeout]);
  });

  it("does not fail a call because the wall clock was slow: 6 × the CPU limit of waiting passes", () => {
    expect(runner.runTests(napping, "nap", [{ args: [300], expected: 300 }])).toEqual([
      { passed: true, got: 300, error: false },
    ]);
  });

  it("gives a wall-clock-only limit the same call as a timeout (what a loaded machine did before)", () => {
    const wallClock = new TaskCodeRunner({ cpuTimeMs: 50, timeoutMs: 50 });
    try {
      expect(wallClock.runTests(napping, "nap", [{ args: [300], expected: 300 }])).toEqual([timeout]);
    } finally {
      wallClock.dispose();
    }
  });

  it("stops a starved call at the wall-clock backstop", () => {
    const backstop = new TaskCodeRunner({ cpuTimeMs: 50, timeoutMs: 400 });
    try {
      expect(
        backstop.runTests(napping, "nap", [
          { args: [200], expected: 200 },
          { args: [2_000], expected: 2_000 },
        ]),
      ).toEqual([{ passed: true, got: 200, error: false }, timeout]);
    } finally {
      backstop.dispose();
    }
  });

  it("rejects a non-positive CPU limit", () => {
    expect(() => new TaskCodeRunner({ cpuTimeMs: 0 })).toThrow(/cpuTimeMs/);
  });
});
