import { describe, expect, it } from "vitest";
import { isEnvriggerError } from "../core/errors.js";
import { deriveSeed } from "../core/seeding.js";
import type { ResetResult } from "../core/step-result.js";
import type { ResetOptions } from "../core/task.js";
import type { ToolSpec } from "../core/tool-spec.js";
import { FunctionRulesRuntime } from "../testing/function-rules-runtime.js";
import { TestEnv } from "../testing/test-env.js";
import { ChainLayer, type ChainLayerOptions } from "./chain-layer.js";
import { layerTracesOf } from "./layer-trace-info.js";
import { RulesLayer } from "./rules-layer.js";

const inc = { name: "inc", args: {} };
const submit = { name: "submit", args: {} };
const task = { taskId: "t1", seed: 11 };

/** A TestEnv with one more tool and no turn budget in its reset info. */
class WiderEnv extends TestEnv {
  override async tools(): Promise<ToolSpec[]> {
    return [...(await super.tools()), { name: "jump", description: "Jump.", inputSchema: { type: "object" } }];
  }
  override async reset(options: ResetOptions): Promise<ResetResult> {
    const { observation, info } = await super.reset(options);
    const { maxTurns: _budget, ...rest } = info;
    return { observation, info: rest };
  }
}

function chain(options: Omit<ChainLayerOptions, "secondTaskId">, secondTarget = 2): ChainLayer {
  return new ChainLayer(new TestEnv({ target: 1 }), new TestEnv({ target: secondTarget }), {
    secondTaskId: "t2",
    ...options,
  });
}

describe("ChainLayer serial", () => {
  it("acts on the first part until it ends, then shows the banner and the second part", async () => {
    const layer = chain({ mode: "serial", banner: "Part 2: carry on." });
    const reset = await layer.reset(task);
    expect(reset.observation.text).toBe("counter 0; reach 1 then submit");
    expect(reset.info.maxTurns).toBe(20);
    expect(reset.info.chain).toMatchObject({ mode: "serial", secondTaskId: "t2", second: { taskId: "t2" } });
    expect(await layer.second.saveState()).toMatchObject({ taskId: "t2", seed: deriveSeed(11, "chain") });
    await layer.step(inc);
    const switched = await layer.step(submit);
    expect(switched).toMatchObject({
      reward: 1,
      terminated: false,
      truncated: false,
      info: { stop: null, chain: { part: "first", active: "second", partTerminated: true } },
    });
    expect(switched.observation).toEqual({
      text: "Part 2: carry on.\n\ncounter 0; reach 2 then submit",
      data: { counter: 0 },
    });
    expect((await layer.stateView()).active).toBe("second");
    await layer.step(inc);
    await layer.step(inc);
    const last = await layer.step(submit);
    expect(last).toMatchObject({
      terminated: true,
      truncated: false,
      info: { stop: "submit", chain: { part: "second", active: "second" } },
    });
    expect(await layer.evaluate()).toEqual({
      success: true,
      score: 1,
      metrics: {
        first: { success: true, score: 1, metrics: { counter: 1, submitted: true } },
        second: { success: true, score: 1, metrics: { counter: 2, submitted: true } },
      },
    });
    expect(isEnvriggerError(await layer.step(inc).catch((error: unknown) => error), "EPISODE_OVER")).toBe(true);
  });

  it("fails when one part fails, with the mean score", async () => {
    const layer = chain({ mode: "serial" });
    await layer.reset(task);
    for (const action of [inc, submit, inc, submit]) await layer.step(action);
    expect(await layer.evaluate()).toMatchObject({ success: false, score: 0.5 });
  });

  it("moves on when the first part is truncated by its budget", async () => {
    const layer = new ChainLayer(new TestEnv({ maxTurns: 2 }), new TestEnv({ maxTurns: 2 }), {
      mode: "serial",
      secondTaskId: "t2",
    });
    expect((await layer.reset(task)).info.maxTurns).toBe(4);
    await layer.step(inc);
    const cut = await layer.step(inc);
    expect([cut.truncated, cut.info.chain]).toEqual([
      false,
      { part: "first", active: "second", partTerminated: false, partTruncated: true },
    ]);
    await layer.step(inc);
    expect(await layer.step(inc)).toMatchObject({ terminated: false, truncated: true, info: { stop: "budget" } });
  });
});

describe("ChainLayer alternate", () => {
  it("alternates turns, labels observations and skips a part that ended", async () => {
    const layer = chain({ mode: "alternate" }, 1);
    expect((await layer.reset(task)).observation).toEqual({
      text: "[first] counter 0; reach 1 then submit",
      data: { active: "first", first: { counter: 0 } },
    });
    const first = await layer.step(inc);
    expect(first.observation).toEqual({
      text: "[first] counter 1\n\n[second] counter 0; reach 1 then submit",
      data: { active: "second", second: { counter: 0 } },
    });
    expect((await layer.step(inc)).info.chain).toMatchObject({ part: "second", active: "first" });
    expect((await layer.step(submit)).info.chain).toMatchObject({
      part: "first",
      active: "second",
      partTerminated: true,
    });
    expect((await layer.observe()).text).toBe("[second] counter 1; reach 1 then submit");
    const last = await layer.step(submit);
    expect([last.terminated, last.observation.text]).toEqual([true, "[second] submitted"]);
    expect(await layer.evaluate()).toMatchObject({ success: true, score: 1 });
  });

  it("keeps acting on the part still running", async () => {
    const layer = chain({ mode: "alternate" });
    await layer.reset(task);
    await layer.step(submit);
    const results = [await layer.step(inc), await layer.step(inc)];
    expect(results.map((result) => result.info.chain)).toEqual([
      { part: "second", active: "second", partTerminated: false, partTruncated: false },
      { part: "second", active: "second", partTerminated: false, partTruncated: false },
    ]);
    expect((await layer.step(submit)).terminated).toBe(true);
    expect(await layer.evaluate()).toMatchObject({ success: false, score: 0.5 });
  });
});

describe("ChainLayer as an env", () => {
  it("unions tools, sums budgets only when both declare one, and shows both states", async () => {
    const layer = new ChainLayer(new TestEnv(), new WiderEnv(), { mode: "serial", secondTaskId: "t2" });
    expect((await layer.tools()).map((tool) => tool.name)).toEqual(["inc", "dec", "peek", "submit", "jump"]);
    expect((await layer.reset(task)).info.maxTurns).toBeUndefined();
    expect(await layer.stateView()).toEqual({
      mode: "serial",
      active: "first",
      ended: { first: false, second: false },
      first: { counter: 0, turns: 0, log: [] },
      second: { counter: 0, turns: 0, log: [] },
    });
    expect(layer.stateSchema()).toContain("active:");
  });

  it("labels the second part's layer traces and closes both parts", async () => {
    const runtime = new FunctionRulesRuntime({});
    const second = new RulesLayer(new TestEnv(), runtime);
    const layer = new ChainLayer(new TestEnv(), second, { mode: "alternate", secondTaskId: "t2" });
    await layer.reset(task);
    await layer.step(inc);
    const result = await layer.step(inc);
    expect(layerTracesOf(result.info).map((trace) => trace.layer)).toEqual(["Chain#0", "second:Rules#0"]);
    await layer.close();
    expect(runtime.isDisposed).toBe(true);
  });
});
