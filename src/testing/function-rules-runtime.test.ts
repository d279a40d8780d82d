import { describe, expect, it } from "vitest";
import type { HookContextInput } from "../harness/rules-runtime.js";
import { FunctionRulesRuntime } from "./function-rules-runtime.js";

const context = (): HookContextInput => ({ state: { counter: 1 }, memory: { seen: 0 }, turn: 2, seed: 7 });

describe("FunctionRulesRuntime", () => {
  it("reports which hooks exist and passes copies in and out, returning the memory", async () => {
    const shared = { tag: "out" };
    const runtime = new FunctionRulesRuntime({
      filterObservation: (observation, ctx) => {
        observation.text = "mutated";
        ctx.state.counter = 99;
        ctx.memory.seen = 1;
        return { text: `${ctx.turn}`, data: shared };
      },
    });
    expect(runtime.hooks).toEqual({ filterAction: false, modifyTransition: false, filterObservation: true });
    const input = context();
    const observation = { text: "original" };
    const result = await runtime.filterObservation(observation, input);
    expect(result).toEqual({ ok: true, value: { text: "2", data: { tag: "out" } }, memory: { seen: 1 } });
    expect([observation.text, input.state.counter, input.memory.seen]).toEqual(["original", 1, 0]);
    if (result.ok) expect(result.value.data).not.toBe(shared);
  });

  it("turns a throw into a failure, seeds random from (seed, turn, hook) and fails after dispose", async () => {
    const rolls: number[] = [];
    const runtime = new FunctionRulesRuntime({
      filterAction: (_action, ctx) => (rolls.push(ctx.random()), { kind: "pass" }),
      modifyTransition: () => {
        throw new Error("bad index");
      },
    });
    const action = { name: "inc", args: {} };
    await runtime.filterAction(action, context());
    await runtime.filterAction(action, context());
    await runtime.filterAction(action, { ...context(), turn: 3 });
    expect(rolls[0]).toBe(rolls[1]);
    expect(rolls[2]).not.toBe(rolls[0]);
    const transition = { observation: { text: "" }, reward: 0, terminated: false, truncated: false, info: {} };
    expect(await runtime.modifyTransition(action, transition, context())).toEqual({
      ok: false,
      code: "threw",
      message: "bad index",
      fatal: false,
    });
    expect(runtime.calls).toEqual({ filterAction: 3, modifyTransition: 1, filterObservation: 0 });
    runtime.dispose();
    runtime.dispose();
    expect(await runtime.filterAction(action, context())).toMatchObject({ ok: false, code: "disposed", fatal: true });
  });
});
