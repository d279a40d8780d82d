import { describe, expect, it } from "vitest";
import type { ActionInput } from "../../core/action.js";
import type { ActionableEnv } from "../../core/actionable-env.js";
import type { JsonObject } from "../../core/json.js";
import { loadToy24Puzzles } from "./load-toy24-puzzles.js";
import { Toy24Env } from "./toy24-env.js";
import { toy24Env } from "./toy24-env-definition.js";
import { Toy24TaskCatalog } from "./toy24-task-catalog.js";

const combine = (i: number, j: number, op: string): ActionInput => ({ name: "combine", args: { i, j, op } });
const tool = (name: string, args: JsonObject = {}): ActionInput => ({ name, args });
const EASY = "24-1"; // 1 1 4 6
const HARD = "24-1350"; // 3 3 8 8

async function started(taskId: string, options: JsonObject = {}): Promise<ActionableEnv> {
  const env = await toy24Env.create(options);
  await env.reset({ taskId, seed: 3 });
  return env;
}

const numbers = async (env: ActionableEnv) => (await env.stateView()).numbers;

describe("Toy24Env", () => {
  it("starts with the puzzle's four numbers and announces the budget", async () => {
    const env = await toy24Env.create();
    const reset = await env.reset({ taskId: HARD, seed: 0 });
    expect(reset.info).toEqual({ taskId: HARD, maxTurns: 12 });
    expect(reset.observation.text).toContain("Numbers: [0] 3  [1] 3  [2] 8  [3] 8\nHistory: none\nTurn 0 of 12.");
    expect(reset.observation.data).toEqual({ numbers: ["3", "3", "8", "8"], history: [], turn: 0, maxTurns: 12 });
    expect(await env.observe()).toEqual(reset.observation);
    expect(env.describe()).toBe("toy24");
    expect((await env.tools()).map((spec) => spec.name)).toEqual(["combine", "undo", "reset", "submit"]);
  });

  it("solves 3 3 8 8 exactly through 8 / (3 − 8/3)", async () => {
    const env = await started(HARD);
    const first = await env.step(combine(2, 1, "div"));
    expect(first.observation.data?.numbers).toEqual(["3", "8/3", "8"]);
    expect(first.info).toEqual({ stop: null, turns: 1, actionError: null, success: false });
    await env.step(combine(0, 1, "sub"));
    const third = await env.step(combine(1, 0, "div"));
    expect(third.observation.text).toContain("History: 8 / 3 = 8/3; 3 - 8/3 = 1/3; 8 / 1/3 = 24");
    expect(third.observation.data?.numbers).toEqual(["24"]);
    expect(third.info.success).toBe(true);
    // A board verdict: a Setup that replayed these three combinations would count as pre-solving.
    expect((await env.evaluate()).success).toBe(true);
    const submit = await env.step(tool("submit"));
    expect(submit).toMatchObject({
      reward: 1,
      terminated: true,
      truncated: false,
      info: { stop: "submit", success: true, actionError: null },
    });
    expect(submit.observation.text.split("\n")[0]).toBe("Submitted: 24, every number used exactly once. Solved.");
    expect(await env.evaluate()).toEqual({
      success: true,
      score: 1,
      metrics: { submitted: true, numbersLeft: 1, value: "24", combinations: 3, turns: 4 },
    });
  });

  it("fails a submission that leaves numbers unused, even one that shows 24", async () => {
    const env = await started(HARD);
    await env.step(combine(0, 2, "mul")); // 3 * 8 = 24, with 3 and 8 unused
    expect(await numbers(env)).toEqual(["24", "3", "8"]);
    const submit = await env.step(tool("submit"));
    expect(submit).toMatchObject({ reward: 0, terminated: true, info: { stop: "submit", success: false } });
    expect(submit.observation.text).toContain("Submitted with 3 numbers left (24, 3, 8)");
    expect(await env.evaluate()).toMatchObject({
      success: false,
      score: 0,
      metrics: { submitted: true, numbersLeft: 3, value: null },
    });
  });

  it("fails 24 made from three numbers and accepts it once the fourth is used", async () => {
    const env = await started(EASY);
    await env.step(combine(2, 3, "mul")); // [1, 1, 24]
    await env.step(combine(2, 0, "mul")); // 24 * 1 = 24 at index 0: [24, 1]
    expect(await numbers(env)).toEqual(["24", "1"]);
    expect((await env.evaluate()).success).toBe(false);
    const saved = await env.saveState();
    expect((await env.step(tool("submit"))).reward).toBe(0);
    await env.restoreState(saved);
    await env.step(combine(0, 1, "div"));
    expect((await env.evaluate()).success).toBe(true);
    expect((await env.step(tool("submit"))).reward).toBe(1);
  });

  it("fails a single number that is not 24", async () => {
    const env = await started(EASY);
    for (let step = 0; step < 3; step++) await env.step(combine(0, 1, "add"));
    expect(await numbers(env)).toEqual(["12"]);
    const submit = await env.step("submit");
    expect(submit.reward).toBe(0);
    expect(submit.observation.text).toContain("Submitted: 12 is not 24.");
  });

  it("refuses invalid calls: an error observation, a turn spent, nothing changed", async () => {
    const env = await started(EASY, { maxTurns: 30 });
    await env.step(combine(0, 1, "sub")); // [0, 4, 6]
    const cases: Array<[ActionInput, string]> = [
      [combine(1, 0, "div"), "cannot divide by zero: 4 / 0"],
      [combine(3, 0, "add"), "i must be an integer index from 0 to 2, got 3"],
      [combine(0, -1, "add"), "j must be an integer index from 0 to 2, got -1"],
      [combine(0.5, 1, "add"), "i must be"],
      [{ name: "combine", args: { i: "0", j: 1, op: "add" } }, 'got "0"'],
      [{ name: "combine", args: { j: 1, op: "add" } }, "got null"],
      [combine(1, 1, "add"), "two different numbers"],
      [combine(0, 1, "pow"), 'op must be add, sub, mul or div, got "pow"'],
      [{ name: "combine", args: { i: 0, j: 1, op: "add", k: 2 } }, 'unexpected argument "k"'],
      [tool("undo", { steps: 2 }), 'undo takes no arguments; unexpected "steps"'],
      [tool("submit", { answer: 24 }), "submit takes no arguments"],
      [tool("fly"), 'unknown tool "fly"'],
      ["please give me 24", "malformed action"],
      ["combine 0 1 pow", "op must be"],
      [{ name: "combine", args: null } as unknown as ActionInput, "args object"],
    ];
    for (const [index, [action, message]] of cases.entries()) {
      const result = await env.step(action);
      expect(result.info.actionError, JSON.stringify(action)).toContain(message);
      expect(result.observation.text.startsWith(`Error: ${result.info.actionError as string}\n`)).toBe(true);
      expect(result).toMatchObject({ reward: 0, terminated: false, info: { turns: index + 2, stop: null } });
      expect(result.observation.data?.numbers).toEqual(["0", "4", "6"]);
    }
  });

  it("understands the text grammar", async () => {
    const env = await started(EASY);
    expect((await env.step("combine 2 3 *")).observation.data?.numbers).toEqual(["1", "1", "24"]);
    expect((await env.step("undo")).observation.data?.numbers).toEqual(["1", "1", "4", "6"]);
    expect(env.parseText("combine(0, 1, +)")).toEqual({ name: "combine", args: { i: 0, j: 1, op: "add" } });
  });

  it("undoes combinations one by one and the reset tool goes back to the start", async () => {
    const env = await started(HARD);
    await env.step(combine(0, 1, "add"));
    await env.step(combine(0, 1, "mul"));
    expect(await numbers(env)).toEqual(["48", "8"]);
    expect((await env.step(tool("undo"))).observation.data?.numbers).toEqual(["6", "8", "8"]);
    expect((await env.stateView()).history).toEqual([{ i: 0, j: 1, op: "add", expression: "3 + 3 = 6" }]);
    await env.step(tool("undo"));
    expect((await env.step(tool("undo"))).info.actionError).toContain("nothing to undo");
    await env.step(combine(3, 0, "sub"));
    await env.step(combine(0, 1, "div"));
    const restart = await env.step(tool("reset"));
    expect(restart.info).toMatchObject({ actionError: null, turns: 8 });
    expect(restart.observation.data).toMatchObject({ numbers: ["3", "3", "8", "8"], history: [] });
    expect((await env.step(tool("undo"))).info.actionError).toContain("nothing to undo");
  });

  it("ends with stop budget after maxTurns, whatever the calls", async () => {
    const env = await started(EASY, { maxTurns: 3 });
    await env.step(tool("undo"));
    await env.step(combine(2, 3, "mul"));
    const last = await env.step(combine(9, 9, "add"));
    expect(last).toMatchObject({ reward: 0, terminated: false, truncated: true, info: { stop: "budget", turns: 3 } });
    expect(last.observation.text).toContain("Out of turns");
    await expect(env.step(tool("submit"))).rejects.toMatchObject({ code: "EPISODE_OVER" });
  });

  it("judges the board when the budget ends a solved episode before its submit", async () => {
    const env = await started(HARD, { maxTurns: 3 });
    await env.step(combine(2, 1, "div"));
    await env.step(combine(0, 1, "sub"));
    const last = await env.step(combine(1, 0, "div"));
    expect(last).toMatchObject({ reward: 0, truncated: true, info: { stop: "budget", success: true } });
    expect(await env.evaluate()).toMatchObject({ success: true, metrics: { submitted: false } });
  });

  it("does not charge a Setup replay: notifyReplayComplete sets the turns back to 0", async () => {
    const env = await started(HARD, { maxTurns: 2 });
    await env.step(combine(2, 1, "div"));
    await env.notifyReplayComplete();
    expect(await env.observe()).toMatchObject({ data: { numbers: ["3", "8/3", "8"], turn: 0 } });
    expect((await env.step(combine(0, 1, "sub"))).truncated).toBe(false);
    expect((await env.step(combine(1, 0, "div"))).info).toMatchObject({ stop: "budget", turns: 2 });
  });

  it("continues a saved episode in another instance exactly, undo included", async () => {
    const actions = [
      combine(2, 1, "div"),
      tool("undo"),
      combine(2, 1, "div"),
      combine(0, 1, "sub"),
      tool("undo"),
      combine(0, 1, "sub"),
      combine(1, 0, "div"),
      tool("submit"),
    ];
    const straight = await started(HARD);
    const expected = [];
    for (const action of actions) expected.push(await straight.step(action));
    for (let cut = 0; cut < actions.length; cut++) {
      const first = await started(HARD);
      for (const action of actions.slice(0, cut)) await first.step(action);
      const saved = JSON.parse(JSON.stringify(await first.saveState()));
      const second = await toy24Env.create();
      await second.restoreState(saved);
      expect(await second.stateView()).toEqual(await first.stateView());
      for (const [index, action] of actions.entries()) {
        if (index >= cut) expect(await second.step(action)).toEqual(expected[index]);
      }
      expect(await second.evaluate()).toEqual(await straight.evaluate());
    }
  });

  it("refuses a saved state that is malformed, does not replay or names an unknown task", async () => {
    const env = await started(HARD);
    await env.step(combine(0, 1, "add"));
    const saved = (await env.saveState()) as JsonObject;
    const fresh = await toy24Env.create();
    await expect(fresh.restoreState({ ...saved, format: "other" })).rejects.toMatchObject({ code: "BAD_ARGUMENT" });
    await expect(fresh.restoreState({ ...saved, stop: "submit" })).rejects.toMatchObject({ code: "BAD_ARGUMENT" });
    await expect(fresh.restoreState({ ...saved, combinations: [{ i: 0, j: 7, op: "add" }] })).rejects.toMatchObject({
      code: "BAD_ARGUMENT",
    });
    await expect(fresh.restoreState({ ...saved, taskId: "24-9999" })).rejects.toMatchObject({ code: "UNKNOWN_TASK" });
    await expect(fresh.restoreState("nonsense")).rejects.toMatchObject({ code: "BAD_ARGUMENT" });
  });

  it("hands out copies: changing a view or an observation does not change the episode", async () => {
    const env = await started(HARD);
    const view = await env.stateView();
    (view.numbers as string[]).push("24");
    const result = await env.step(combine(0, 1, "add"));
    (result.observation.data!.numbers as string[]).splice(0);
    (result.observation.data!.history as string[]).push("forged");
    expect(await env.stateView()).toMatchObject({
      startNumbers: ["3", "3", "8", "8"],
      numbers: ["6", "8", "8"],
      history: [{ expression: "3 + 3 = 6" }],
      turns: 1,
      maxTurns: 12,
      submitted: false,
    });
    expect(env.stateSchema()).toContain("numbers: string[]");
  });

  it("refuses a budget that is not a positive integer when built directly", async () => {
    const catalog = new Toy24TaskCatalog(await loadToy24Puzzles());
    for (const maxTurns of [0, -1, 1.5, Number.NaN]) {
      expect(() => new Toy24Env(catalog, { maxTurns })).toThrow(expect.objectContaining({ code: "BAD_CONFIG" }));
    }
    expect(new Toy24Env(catalog, { maxTurns: 1 }).describe()).toBe("toy24");
  });

  it("enforces the lifecycle: not started, over, closed", async () => {
    const env = await toy24Env.create();
    for (const call of [
      () => env.step(tool("undo")),
      () => env.observe(),
      () => env.evaluate(),
      () => env.stateView(),
      () => env.saveState(),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: "EPISODE_NOT_STARTED" });
    }
    await expect(env.reset({ taskId: "24-0", seed: 0 })).rejects.toMatchObject({ code: "UNKNOWN_TASK" });
    await expect(env.reset({ taskId: EASY, seed: -1 })).rejects.toMatchObject({ code: "BAD_ARGUMENT" });
    await env.reset({ taskId: EASY, seed: 0 });
    await env.step(tool("submit"));
    await expect(env.step(tool("submit"))).rejects.toMatchObject({ code: "EPISODE_OVER" });
    expect((await env.evaluate()).success).toBe(false);
    await env.reset({ taskId: EASY, seed: 0 });
    expect((await env.step(combine(2, 3, "mul"))).info.turns).toBe(1);
    await env.close();
    await env.close();
    for (const call of [
      () => env.step(tool("undo")),
      () => env.reset({ taskId: EASY, seed: 0 }),
      () => env.tools(),
      () => env.listTasks("train"),
      () => env.restoreState({}),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: "ENV_CLOSED" });
    }
  });
});
