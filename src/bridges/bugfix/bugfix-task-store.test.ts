import { afterAll, describe, expect, it } from "vitest";
import { TaskCodeRunner } from "../../sandbox/task-code/task-code-runner.js";
import type { TestCase, TestOutcome } from "../../sandbox/task-code/task-code-types.js";
import { applyEditOp } from "./apply-edit-op.js";
import { BugFixEnv } from "./bugfix-env.js";
import { BugFixTaskStore } from "./bugfix-task-store.js";
import type { SourceTestRunner } from "./source-test-runner.js";
import { taskPrelude } from "./task-prelude.js";

const runner = new TaskCodeRunner({ prelude: taskPrelude });
afterAll(() => runner.dispose());

/** The real runner, counting how often the store reaches it. */
function countingRunner(): SourceTestRunner & { calls: number } {
  return {
    calls: 0,
    runTests(source: string, entry: string, tests: TestCase[]): TestOutcome[] {
      this.calls += 1;
      return runner.runTests(source, entry, tests);
    },
    dispose() {},
  };
}

describe("BugFixTaskStore", () => {
  it("generates a task once and memoizes outcomes per source", () => {
    const counting = countingRunner();
    const store = new BugFixTaskStore({ taskSeed: 0, runner: () => counting });
    const task = store.task("clamp-1");
    expect(store.task("clamp-1")).toBe(task);
    const afterGeneration = counting.calls;
    const fixed = applyEditOp("swap_minmax", task.buggySource, []);
    store.publicOutcomes(task, fixed);
    store.hiddenOutcomes(task, fixed);
    store.publicReport(task, fixed);
    expect(counting.calls).toBe(afterGeneration + 2);
    store.publicOutcomes(task, fixed);
    store.hiddenOutcomes(task, fixed);
    store.publicReport(task, fixed);
    expect(counting.calls).toBe(afterGeneration + 2);
  });

  it("forgets the oldest sources beyond its cache size", () => {
    const counting = countingRunner();
    const store = new BugFixTaskStore({ taskSeed: 0, runner: () => counting, sourceCacheSize: 2 });
    const task = store.task("range-0");
    const sources = [task.buggySource, `${task.buggySource}\n`, `${task.buggySource}\n\n`];
    for (const source of sources) store.publicOutcomes(task, source);
    const before = counting.calls;
    store.publicOutcomes(task, sources[2]!);
    expect(counting.calls).toBe(before);
    store.publicOutcomes(task, sources[0]!);
    expect(counting.calls).toBe(before + 1);
  });

  it("replaying the same episodes never reaches the runner again", async () => {
    const counting = countingRunner();
    const store = new BugFixTaskStore({ taskSeed: 0, runner: () => counting });
    const env = new BugFixEnv({ maxTurns: 8 }, { store });
    const actions = [
      "<call> read </call>",
      "<call> test </call>",
      "<call> edit hardcode_tests </call>",
      "<call> test </call>",
      "<call> edit toggle_init </call>",
      "<call> test </call>",
      "<call> submit </call>",
    ];
    const playAll = async () => {
      for (const taskId of ["init-0", "compare-5"]) {
        await env.reset({ taskId, seed: 0 });
        for (const action of actions) await env.step(action);
        await env.evaluate();
      }
    };
    await playAll();
    const afterFirst = counting.calls;
    expect(afterFirst).toBeGreaterThan(0);
    await playAll();
    expect(counting.calls).toBe(afterFirst);
    await env.close();
  });
});
