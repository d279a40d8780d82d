import { afterAll, describe, expect, it } from "vitest";
import { isEnvriggerError } from "../../core/errors.js";
import { TaskCodeRunner } from "../../sandbox/task-code/task-code-runner.js";
import { BugFixTaskStore } from "./bugfix-task-store.js";
import { bugFixTaskInfos } from "./task-catalog.js";
import { taskPrelude } from "./task-prelude.js";

const runner = new TaskCodeRunner({ prelude: taskPrelude });
afterAll(() => runner.dispose());
const storeFor = (taskSeed: number) => new BugFixTaskStore({ taskSeed, runner: () => runner });

describe("BugFix task generation", () => {
  const store = storeFor(0);
  const tasks = store.taskIds().map((id) => store.task(id));

  it("has 5 families × 6 variants: 20 train and 10 held-out tasks", () => {
    expect(tasks).toHaveLength(30);
    expect(bugFixTaskInfos("train")).toHaveLength(20);
    expect(bugFixTaskInfos("heldout")).toHaveLength(10);
    expect(bugFixTaskInfos("heldout").map((task) => task.id)).toEqual([
      "clamp-4",
      "clamp-5",
      "range-4",
      "range-5",
      "compare-4",
      "compare-5",
      "divide-4",
      "divide-5",
      "init-4",
      "init-5",
    ]);
    for (const info of [...bugFixTaskInfos("train"), ...bugFixTaskInfos("heldout")]) {
      expect(info.group).toBe(info.id.split("-")[0]);
      expect(info.instruction).toMatch(/^`\w+` returns wrong results$/);
    }
  });

  it("gives every task 3 public and 8 hidden tests (init: 3 and 3, all six inputs)", () => {
    for (const task of tasks) {
      expect(task.publicTests).toHaveLength(3);
      expect(task.hiddenTests).toHaveLength(task.family === "init" ? 3 : 8);
      if (task.family === "init") {
        const inputs = [...task.publicTests, ...task.hiddenTests].map((test) => test.args[0]).sort();
        expect(inputs).toEqual([0, 1, 2, 3, 4, 5]);
      }
    }
  });

  it("uses distinct small-integer inputs across public and hidden tests", () => {
    for (const task of tasks) {
      const all = [...task.publicTests, ...task.hiddenTests];
      expect(new Set(all.map((test) => JSON.stringify(test.args))).size).toBe(all.length);
      for (const test of all)
        for (const arg of test.args) expect(Number.isInteger(arg) && Math.abs(arg as number) <= 20).toBe(true);
    }
  });

  it("the buggy source fails at least one public and one hidden test; the reference passes all", () => {
    for (const task of tasks) {
      const publicBuggy = store.publicOutcomes(task, task.buggySource);
      const hiddenBuggy = store.hiddenOutcomes(task, task.buggySource);
      expect(
        publicBuggy.some((outcome) => !outcome.passed),
        task.id,
      ).toBe(true);
      expect(
        hiddenBuggy.some((outcome) => !outcome.passed),
        task.id,
      ).toBe(true);
      expect(
        store.publicOutcomes(task, task.referenceSource).every((outcome) => outcome.passed),
        task.id,
      ).toBe(true);
      expect(
        store.hiddenOutcomes(task, task.referenceSource).every((outcome) => outcome.passed),
        task.id,
      ).toBe(true);
    }
  });

  it("uses the same issue phrase for every family, naming the function only", () => {
    for (const task of tasks) expect(task.issue).toBe(`\`${task.functionName}\` returns wrong results`);
    expect(new Set(tasks.map((task) => task.functionName)).size).toBe(30);
  });

  it("the divide reference guards the last parameter with `if (<last> === 0) return 0;`", () => {
    expect(store.task("divide-2").referenceSource).toContain("{\n  if (items === 0) return 0;\n");
  });

  it("is reproducible per taskSeed and varies with it", () => {
    const again = storeFor(0);
    for (const task of tasks) expect(again.task(task.id)).toEqual(task);
    const other = storeFor(1);
    const changed = tasks.filter(
      (task) => JSON.stringify(other.task(task.id).hiddenTests) !== JSON.stringify(task.hiddenTests),
    );
    expect(changed.length).toBeGreaterThan(20);
  });

  it("throws UNKNOWN_TASK for an unknown id", () => {
    let caught: unknown = null;
    try {
      store.task("clamp-9");
    } catch (error) {
      caught = error;
    }
    expect(isEnvriggerError(caught, "UNKNOWN_TASK")).toBe(true);
  });
});
