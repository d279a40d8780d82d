import { afterAll, describe, expect, it } from "vitest";
import { TaskCodeRunner } from "../../sandbox/task-code/task-code-runner.js";
import { BugFixTaskStore } from "./bugfix-task-store.js";
import { taskPrelude } from "./task-prelude.js";
import { validateTasks } from "./validate-tasks.js";

const runner = new TaskCodeRunner({ prelude: taskPrelude });
afterAll(() => runner.dispose());
const store = new BugFixTaskStore({ taskSeed: 0, runner: () => runner });

describe("validateTasks", () => {
  it("finds no unstable task with a deterministic verifier", () => {
    const report = validateTasks(store, { runs: 5 });
    expect(report.checked).toHaveLength(30);
    expect(report.unstable).toEqual([]);
  });

  it("reports tasks whose reference fix ever failed under a flaky verifier, reproducibly", () => {
    const options = { runs: 10, flakeRate: 0.01, seed: 3 };
    const report = validateTasks(store, options);
    // 11 tests × 10 runs at 1%: P(a task never fails) ≈ 0.33 (init, 6 tests: 0.55), so about 19 of 30 are reported.
    expect(report.unstable.length).toBeGreaterThan(5);
    expect(report.unstable.length).toBeLessThan(30);
    for (const task of report.unstable) expect(task.failedRuns).toBeGreaterThan(0);
    expect(validateTasks(store, options)).toEqual(report);
    expect(validateTasks(store, { ...options, taskIds: ["init-0"] }).checked).toEqual(["init-0"]);
  });
});
