import { afterAll, describe, expect, it } from "vitest";
import type { Action, ActionInput } from "../../core/action.js";
import { isEnvriggerError } from "../../core/errors.js";
import type { JsonObject } from "../../core/json.js";
import { TaskCodeRunner } from "../../sandbox/task-code/task-code-runner.js";
import { BugFixTaskStore } from "../bugfix/bugfix-task-store.js";
import { taskPrelude } from "../bugfix/task-prelude.js";
import { formatArgs } from "../bugfix/test-report.js";
import { createBugFixToolsEnvDefinition } from "./bugfix-tools-env-definition.js";

const definition = createBugFixToolsEnvDefinition();
const runner = new TaskCodeRunner({ prelude: taskPrelude });
// The same tasks as the envs' (taskSeed 0), to look at hidden tests from outside.
const localStore = new BugFixTaskStore({ taskSeed: 0, runner: () => runner });
afterAll(() => {
  definition.dispose();
  runner.dispose();
});
const create = (options: JsonObject = {}) => definition.create(options);
const call = (name: string, args: JsonObject = {}): Action => ({ name, args });

async function errorCodeOf(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
  } catch (error) {
    return isEnvriggerError(error) ? error.code : `not an EnvriggerError: ${String(error)}`;
  }
  return null;
}

const clampFix = call("Edit", {
  file_path: "src/clamp.js",
  old_string: "min(lower, max(x, upper))",
  new_string: "max(lower, min(x, upper))",
});

describe("BugFixToolsEnv episodes", () => {
  it("starts from the issue text with a workspace holding the source and a README, budget 12", async () => {
    const env = await create();
    const reset = await env.reset({ taskId: "clamp-0", seed: 1 });
    expect(reset.observation.text).toBe("`clamp` returns wrong results");
    expect(reset.info).toMatchObject({ taskId: "clamp-0", group: "clamp", split: "train", maxTurns: 12 });
    expect((await env.step(call("Bash", { command: "ls" }))).observation).toEqual({
      text: "README.md\nsrc/",
      data: { isError: false, tool: "Bash" },
    });
    expect((await env.step(call("Glob", { pattern: "**/*.js" }))).observation.text).toBe("src/clamp.js");
    expect((await env.step(call("Read", { file_path: "README.md" }))).observation.text).toMatch(
      /`clamp` returns wrong results[\s\S]*npm test/,
    );
    await env.close();
  });

  it("fixes clamp: Read, Edit, npm test, Submit — graded on the hidden tests, reward on the last step only", async () => {
    const env = await create();
    await env.reset({ taskId: "clamp-0", seed: 1 });
    const read = await env.step(call("Read", { file_path: "src/clamp.js" }));
    expect(read.observation.text).toBe(
      "     1\tfunction clamp(x, lower, upper) {\n     2\t  return min(lower, max(x, upper));\n     3\t}",
    );
    const before = await env.step(call("Bash", { command: "npm test" }));
    expect(before.observation.text.split("\n")).toHaveLength(3);
    expect(before.observation.text).toMatch(/^fail \(/m);
    expect((await env.step(clampFix)).info).toMatchObject({
      event: "edit",
      actionError: null,
      publicPass: null,
      hiddenPass: null,
    });
    const tested = await env.step(call("Bash", { command: "node --test" }));
    expect(tested.observation.text).toBe("pass\npass\npass");
    expect(tested.info).toMatchObject({ event: "test", stop: null, hiddenPass: null });
    expect(await env.stateView()).toMatchObject({
      testsRun: 2,
      lastTestAllPassed: true,
      readFiles: ["src/clamp.js"],
      lastTool: "Bash",
      lastIsError: false,
    });
    const last = await env.step('{"name": "Submit", "arguments": {}}');
    expect(last).toMatchObject({ reward: 1, terminated: true, truncated: false });
    expect(last.info).toEqual({
      submitted: true,
      stop: "submit",
      publicPass: true,
      hiddenPass: true,
      publicFrac: 1,
      hiddenFrac: 1,
      turns: 5,
      maxTurns: 12,
      invalidCalls: 0,
      rejectedCalls: 0,
      opsUsed: [],
      event: "submit",
      actionError: null,
      toolsUsed: ["Read", "Bash", "Edit", "Bash", "Submit"],
    });
    expect(await env.evaluate()).toEqual({ success: true, score: 1, metrics: last.info });
    expect(await errorCodeOf(() => env.step(call("Submit")))).toBe("EPISODE_OVER");
    await env.close();
  });

  it("returns tool failures as isError results with info.actionError, each costing a turn", async () => {
    const env = await create();
    await env.reset({ taskId: "clamp-0", seed: 1 });
    const unread = await env.step(clampFix);
    expect(unread.observation.data).toEqual({ isError: true, tool: "Edit" });
    expect(unread.info).toMatchObject({
      event: "rejected",
      rejectedCalls: 1,
      actionError: expect.stringMatching(/not been read yet/),
    });
    const refused = await env.step(call("Bash", { command: "cat src/clamp.js" }));
    expect(refused.observation.data).toEqual({ isError: true, tool: "Bash" });
    expect(refused.info.actionError).toBe(refused.observation.text);
    const unknown = await env.step(call("Delete", { file_path: "src/clamp.js" }));
    expect(unknown.info).toMatchObject({ rejectedCalls: 3, event: "rejected" });
    const malformed = await env.step("Read src/clamp.js please");
    expect(malformed.observation.data).toEqual({ isError: true, tool: null });
    expect(malformed.info).toMatchObject({
      invalidCalls: 1,
      rejectedCalls: 3,
      event: "malformed",
      turns: 4,
      toolsUsed: ["Edit", "Bash", "Delete"],
    });
    await env.step(call("Read", { file_path: "src/clamp.js" }));
    const ok = await env.step(clampFix);
    expect(ok.observation.data).toEqual({ isError: false, tool: "Edit" });
    expect(ok.info.actionError).toBeNull();
    const again = await env.step(clampFix);
    expect(again.info).toMatchObject({ event: "rejected", actionError: expect.stringMatching(/not found/) });
    await env.close();
  });

  it("ends by budget without a Submit: truncated, stop budget, reward 0, still graded", async () => {
    const env = await create({ maxTurns: 3 });
    await env.reset({ taskId: "clamp-1", seed: 0 });
    await env.step(call("Read", { file_path: "src/bound.js" }));
    await env.step(
      call("Edit", {
        file_path: "src/bound.js",
        old_string: "min(low, max(value, high))",
        new_string: "max(low, min(value, high))",
      }),
    );
    const last = await env.step(call("Bash", { command: "npm test" }));
    expect(last).toMatchObject({ reward: 0, terminated: false, truncated: true });
    expect(last.observation.text).toBe("pass\npass\npass\n[turn budget used up: the episode is over]");
    expect(last.info).toMatchObject({ stop: "budget", submitted: false, publicPass: true, hiddenPass: true });
    expect(await env.evaluate()).toMatchObject({ success: false, score: 0 });
    await env.close();
  });

  it("Write replaces the graded source (edit event) while other files are no-change; public reward pays a hardcoded fake", async () => {
    const env = await create({ reward: "public" });
    await env.reset({ taskId: "compare-1", seed: 0 });
    const task = localStore.task("compare-1");
    expect((await env.step(call("Write", { file_path: "notes.md", content: "todo" }))).info.event).toBe("no-change");
    const lines = task.publicTests.map(
      (test) =>
        `  if (size === ${test.args[0]} && capacity === ${test.args[1]}) return ${JSON.stringify(test.expected)};`,
    );
    const fake = `function fitsWithin(size, capacity) {\n${lines.join("\n")}\n  return size < capacity;\n}`;
    expect((await env.step(call("Write", { file_path: "src/fitsWithin.js", content: fake }))).info.event).toBe("edit");
    const last = await env.step(call("Submit"));
    expect(last.info).toMatchObject({ publicPass: true, hiddenPass: false });
    expect(last.reward).toBe(1);
    expect(await env.evaluate()).toMatchObject({ success: false });
    await env.close();
  });

  it("cuts long outputs to the observation budget, head and tail around a visible marker", async () => {
    const env = await create({ observationBudget: 200 });
    await env.reset({ taskId: "range-0", seed: 0 });
    const content = Array.from({ length: 100 }, (_, index) => `const value${index} = ${index};`).join("\n");
    await env.step(call("Write", { file_path: "src/big.js", content }));
    const text = (await env.step(call("Read", { file_path: "src/big.js" }))).observation.text;
    expect(text.length).toBeLessThanOrEqual(200);
    expect(text.startsWith("     1\tconst value0 = 0;")).toBe(true);
    expect(text.endsWith("   100\tconst value99 = 99;")).toBe(true);
    expect(text).toMatch(/\n\[\.\.\. \d+ characters truncated \.\.\.\]\n/);
    expect((await env.observe()).text.length).toBeLessThanOrEqual(200);
    await env.close();
  });
});

describe("BugFixToolsEnv state", () => {
  it("stateView and every observation of a fix carry no hidden test", async () => {
    const env = await create();
    const task = localStore.task("divide-2");
    await env.reset({ taskId: "divide-2", seed: 0 });
    const texts = [];
    for (const action of [
      call("Grep", { pattern: "." }),
      call("Read", { file_path: "src/perItem.js" }),
      call("Bash", { command: "npm test" }),
    ])
      texts.push((await env.step(action)).observation.text);
    const view = await env.stateView();
    expect(view).toMatchObject({
      files: ["README.md", "src/perItem.js"],
      sourcePath: "src/perItem.js",
      source: task.buggySource,
    });
    const seen = JSON.stringify([view, texts, (await env.observe()).text]);
    const publicArgs = new Set(task.publicTests.map((test) => formatArgs(test.args)));
    for (const hidden of task.hiddenTests)
      if (!publicArgs.has(formatArgs(hidden.args))) expect(seen).not.toContain(formatArgs(hidden.args));
    expect(env.stateSchema()).toMatch(/readFiles/);
    await env.close();
  });

  it("save → restore into a fresh env → continue equals the uninterrupted episode", async () => {
    const actions: ActionInput[] = [
      call("Read", { file_path: "src/clamp.js" }),
      "oops",
      clampFix,
      call("Bash", { command: "npm test" }),
      call("Submit"),
    ];
    const uninterrupted = await create();
    await uninterrupted.reset({ taskId: "clamp-0", seed: 9 });
    const expected = [];
    for (const action of actions) expected.push(await uninterrupted.step(action));
    for (let cut = 0; cut < actions.length; cut++) {
      const first = await create();
      await first.reset({ taskId: "clamp-0", seed: 9 });
      const got = [];
      for (const action of actions.slice(0, cut)) got.push(await first.step(action));
      const saved = JSON.parse(JSON.stringify(await first.saveState()));
      await first.close();
      const second = await create();
      await second.restoreState(saved);
      for (const action of actions.slice(cut)) got.push(await second.step(action));
      expect(got).toEqual(expected);
      await second.close();
    }
    await uninterrupted.close();
  });

  it("refuses a saved state of another taskSeed or a wrong shape; follows the lifecycle", async () => {
    const env = await create();
    expect(await errorCodeOf(() => env.step(call("Submit")))).toBe("EPISODE_NOT_STARTED");
    await env.reset({ taskId: "init-0", seed: 0 });
    const saved = await env.saveState();
    const other = await create({ taskSeed: 7 });
    expect(await errorCodeOf(() => other.restoreState(saved))).toBe("BAD_ARGUMENT");
    expect(await errorCodeOf(() => env.restoreState({ taskId: "init-0" }))).toBe("BAD_ARGUMENT");
    await env.close();
    await env.close();
    expect(await errorCodeOf(() => env.step(call("Submit")))).toBe("ENV_CLOSED");
    await other.close();
  });

  it("notifyReplayComplete resets the turn budget and counters, keeping files and reads", async () => {
    const env = await create({ maxTurns: 3 });
    await env.reset({ taskId: "clamp-0", seed: 0 });
    await env.step("junk");
    await env.step(call("Read", { file_path: "src/clamp.js" }));
    await env.notifyReplayComplete();
    expect(await env.stateView()).toMatchObject({ turn: 0, invalidCalls: 0, readFiles: ["src/clamp.js"] });
    expect((await env.step(clampFix)).info).toMatchObject({ event: "edit", turns: 1 });
    await env.close();
  });
});
