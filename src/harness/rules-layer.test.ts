import { describe, expect, it } from "vitest";
import type { Action } from "../core/action.js";
import { type EnvriggerError, isEnvriggerError } from "../core/errors.js";
import type { JsonObject } from "../core/json.js";
import type { StepResult } from "../core/step-result.js";
import { FunctionRulesRuntime, type FunctionRulesHooks } from "../testing/function-rules-runtime.js";
import { TestEnv } from "../testing/test-env.js";
import { layerTracesOf } from "./layer-trace-info.js";
import { RulesLayer } from "./rules-layer.js";
import type { HookResult, RulesRuntime } from "./rules-runtime.js";
import { SetupLayer } from "./setup-layer.js";

const inc = { name: "inc", args: {} };
const dec = { name: "dec", args: {} };
const task = { taskId: "t1", seed: 5 };

function rules(
  hooks: FunctionRulesHooks,
  usesState = true,
): { layer: RulesLayer; runtime: FunctionRulesRuntime; env: TestEnv } {
  const env = new TestEnv();
  const runtime = new FunctionRulesRuntime(hooks, { usesState });
  return { layer: new RulesLayer(env, runtime), runtime, env };
}

async function runtimeError(promise: Promise<unknown>): Promise<EnvriggerError> {
  const error = await promise.catch((caught: unknown) => caught);
  if (!isEnvriggerError(error, "COMPONENT_RUNTIME"))
    throw new Error(`expected COMPONENT_RUNTIME, got ${String(error)}`);
  return error;
}

/** A runtime whose hooks return fixed results (to test what the host enforces). */
function fixedRuntime(results: {
  modifyTransition?: HookResult<unknown>;
  filterAction?: HookResult<unknown>;
}): RulesRuntime {
  const pass = <T>(value: T): Promise<HookResult<T>> => Promise.resolve({ ok: true, value, memory: {} });
  return {
    hooks: {
      filterAction: results.filterAction !== undefined,
      modifyTransition: results.modifyTransition !== undefined,
      filterObservation: false,
    },
    usesState: false,
    filterAction: () => Promise.resolve(results.filterAction as HookResult<never>),
    modifyTransition: () => Promise.resolve(results.modifyTransition as HookResult<never>),
    filterObservation: (observation) => pass(observation),
    dispose: () => undefined,
  };
}

describe("RulesLayer actions", () => {
  it("passes an action through and records its trace", async () => {
    const { layer } = rules({ filterAction: () => ({ kind: "pass" }) });
    await layer.reset(task);
    const result = await layer.step(inc);
    expect(result.observation).toEqual({ text: "counter 1" });
    expect(result.info.counter).toBe(1);
    expect(layerTracesOf(result.info)).toEqual([
      {
        layer: "Rules#0",
        actionIn: inc,
        actionOut: inc,
        observationIn: { text: "counter 1" },
        observationOut: { text: "counter 1" },
        truncatedByLayer: false,
      },
    ]);
  });

  it("rewrites an action: the rewritten one reaches the env", async () => {
    const { layer, env } = rules({
      filterAction: (action) => (action.name === "dec" ? { kind: "rewrite", action: inc } : { kind: "pass" }),
    });
    await layer.reset(task);
    const result = await layer.step(dec);
    expect(result.observation.text).toBe("counter 1");
    expect((await env.stateView()).log).toEqual(["inc"]);
    expect(layerTracesOf(result.info)[0]).toMatchObject({ actionIn: dec, actionOut: inc });
  });

  it("blocks an action: the env is not stepped and the turn is spent", async () => {
    const { layer, env } = rules({
      filterAction: (action) =>
        action.name === "dec" ? { kind: "block", reason: "dec is disabled" } : { kind: "pass" },
    });
    await layer.reset(task);
    const result = await layer.step(dec);
    expect(result).toEqual({
      observation: { text: "dec is disabled" },
      reward: 0,
      terminated: false,
      truncated: false,
      info: {
        actionError: "dec is disabled",
        blocked: true,
        stop: null,
        layers: [
          {
            layer: "Rules#0",
            actionIn: dec,
            actionOut: null,
            blockedReason: "dec is disabled",
            observationOut: { text: "dec is disabled" },
          },
        ],
      },
    });
    expect((await env.stateView()).log).toEqual([]);
  });

  it("parses text with the inner grammar; unparsable text goes through raw without action hooks", async () => {
    const seen: string[] = [];
    const { layer, runtime } = rules({
      filterAction: (action) => (seen.push(action.name), { kind: "pass" }),
      modifyTransition: () => ({}),
      filterObservation: (observation) => ({ text: `<${observation.text}>` }),
    });
    await layer.reset(task);
    expect((await layer.step(" inc ")).observation.text).toBe("<counter 1>");
    const raw = await layer.step("not an action!");
    expect(raw.observation.text).toBe("<error: malformed>");
    expect(layerTracesOf(raw.info)[0]).toMatchObject({ actionIn: "not an action!", actionOut: "not an action!" });
    expect(seen).toEqual(["inc"]);
    expect(runtime.calls).toEqual({ filterAction: 1, modifyTransition: 1, filterObservation: 3 });
  });
});

describe("RulesLayer transitions", () => {
  it("lets modifyTransition replace text and data only, from a copy", async () => {
    let seenInfo: JsonObject = {};
    const { layer } = rules({
      modifyTransition: (_action, transition) => {
        seenInfo = structuredClone(transition.info);
        transition.info.counter = 99;
        return { text: `${transition.observation.text} (checked)`, data: { note: "x" } };
      },
    });
    await layer.reset(task);
    const result = await layer.step(inc);
    expect(seenInfo).toMatchObject({ counter: 1, stop: null });
    expect(seenInfo.layers).toBeUndefined();
    expect(result.observation).toEqual({ text: "counter 1 (checked)", data: { note: "x" } });
    expect(result.info.counter).toBe(1);
  });

  it("never lets a patch change reward, terminated or info, even with extra keys", async () => {
    const patch = {
      text: "changed",
      reward: 100,
      terminated: false,
      info: { success: true, stop: null },
      success: true,
      stop: null,
    };
    const layer = new RulesLayer(
      new TestEnv({ target: 0 }),
      fixedRuntime({ modifyTransition: { ok: true, value: patch, memory: {} } }),
    );
    await layer.reset(task);
    const result = await layer.step({ name: "submit", args: {} });
    expect(result.observation.text).toBe("changed");
    expect([result.reward, result.terminated, result.info.success, result.info.stop]).toEqual([
      1,
      true,
      true,
      "submit",
    ]);
    expect(await layer.evaluate()).toEqual({ success: true, score: 1, metrics: { counter: 0, submitted: true } });
  });

  it("can set truncated but never clear it", async () => {
    const truncating = rules({
      modifyTransition: (_action, transition) => ({ truncated: transition.info.counter === 2 }),
    }).layer;
    await truncating.reset(task);
    expect((await truncating.step(inc)).truncated).toBe(false);
    const cut = await truncating.step(inc);
    expect(cut.truncated).toBe(true);
    expect(layerTracesOf(cut.info)[0]?.truncatedByLayer).toBe(true);
    expect(isEnvriggerError(await truncating.step(inc).catch((error: unknown) => error), "EPISODE_OVER")).toBe(true);

    const env = new TestEnv({ maxTurns: 1 });
    const clearing = new RulesLayer(env, new FunctionRulesRuntime({ modifyTransition: () => ({ truncated: false }) }));
    await clearing.reset(task);
    const result = await clearing.step(inc);
    expect(result.truncated).toBe(true);
    expect(layerTracesOf(result.info)[0]?.truncatedByLayer).toBe(false);
  });
});

describe("RulesLayer observations and memory", () => {
  const counting: FunctionRulesHooks = {
    filterObservation: (observation, context) => {
      context.memory.seen = Number(context.memory.seen ?? 0) + 1;
      return {
        text: `${observation.text} [turn ${context.turn}, seen ${context.memory.seen}, counter ${context.state.counter}]`,
      };
    },
  };

  it("filters the reset observation, observe() and every step", async () => {
    const { layer } = rules(counting);
    expect((await layer.reset(task)).observation.text).toBe(
      "counter 0; reach 3 then submit [turn 0, seen 1, counter 0]",
    );
    expect((await layer.step(inc)).observation.text).toBe("counter 1 [turn 0, seen 2, counter 1]");
    expect((await layer.observe()).text).toBe("counter 1; reach 3 then submit [turn 1, seen 3, counter 1]");
    expect((await layer.observe()).text).toBe("counter 1; reach 3 then submit [turn 1, seen 3, counter 1]");
    expect((await layer.step(inc)).observation.text).toBe("counter 2 [turn 1, seen 3, counter 2]");
  });

  it("starts every episode with empty memory and turn 0", async () => {
    const { layer } = rules(counting);
    await layer.reset(task);
    await layer.step(inc);
    await layer.step(inc);
    expect((await layer.reset(task)).observation.text).toContain("[turn 0, seen 1, counter 0]");
  });

  it("gives hooks an empty state when the runtime does not use it", async () => {
    const { layer } = rules(counting, false);
    expect((await layer.reset(task)).observation.text).toContain("counter undefined]");
  });

  it("restarts the turn index after a Setup replay but keeps the memory", async () => {
    const seen: Array<[string, number]> = [];
    const layer = new SetupLayer(
      new RulesLayer(
        new TestEnv(),
        new FunctionRulesRuntime({
          filterAction: (action: Action, context) => (seen.push([action.name, context.turn]), { kind: "pass" }),
        }),
      ),
      [inc, inc],
    );
    await layer.reset(task);
    await layer.step({ name: "peek", args: {} });
    expect(seen).toEqual([
      ["inc", 0],
      ["inc", 1],
      ["peek", 0],
    ]);
  });
});

describe("RulesLayer failures", () => {
  it("turns a hook that throws into COMPONENT_RUNTIME naming the hook", async () => {
    const { layer } = rules({
      filterAction: () => {
        throw new Error("no such field");
      },
    });
    await layer.reset(task);
    const error = await runtimeError(layer.step(inc));
    expect(error.message).toContain("Rules#0 hook filterAction failed (threw): no such field");
    expect(error.details).toMatchObject({ hook: "filterAction", failureCode: "threw", fatal: false });
  });

  it("turns a fatal failure and a wrong output shape into COMPONENT_RUNTIME", async () => {
    const fatal = new RulesLayer(
      new TestEnv(),
      fixedRuntime({ filterAction: { ok: false, code: "memory", message: "isolate died", fatal: true } }),
    );
    await fatal.reset(task);
    expect((await runtimeError(fatal.step(inc))).details).toMatchObject({ failureCode: "memory", fatal: true });
    const wrong = new RulesLayer(
      new TestEnv(),
      fixedRuntime({ filterAction: { ok: true, value: { kind: "allow" }, memory: {} } }),
    );
    await wrong.reset(task);
    expect((await runtimeError(wrong.step(inc))).message).toContain("hook filterAction failed (bad-output)");
    const badPatch = new RulesLayer(
      new TestEnv(),
      fixedRuntime({ modifyTransition: { ok: true, value: { truncated: "yes" }, memory: {} } }),
    );
    await badPatch.reset(task);
    expect((await runtimeError(badPatch.step(inc))).message).toContain("hook modifyTransition failed (bad-output)");
  });

  it("refuses to step before reset and saves/restores its memory with the inner state", async () => {
    const { layer } = rules({
      filterAction: (_action, context) => (
        (context.memory.count = Number(context.memory.count ?? 0) + 1), { kind: "pass" }
      ),
    });
    expect(isEnvriggerError(await layer.step(inc).catch((error: unknown) => error), "EPISODE_NOT_STARTED")).toBe(true);
    await layer.reset(task);
    await layer.step(inc);
    const saved = await layer.saveState();
    expect(saved).toMatchObject({
      rules: { memory: { count: 1 }, turn: 1, seed: 5, over: false },
      inner: { counter: 1 },
    });
    const results: StepResult[] = [await layer.step(inc)];
    await layer.restoreState(saved);
    results.push(await layer.step(inc));
    expect(results[1]).toEqual(results[0]);
    expect(
      isEnvriggerError(await layer.restoreState({ rules: 3 }).catch((error: unknown) => error), "BAD_ARGUMENT"),
    ).toBe(true);
  });

  it("forgets the previous episode when a reset fails inside", async () => {
    // With seed 6 the env refuses every action, so the inner Setup is invalid.
    const env = new TestEnv({
      onStep: (state) => (state.seed === 6 ? "error: refused" : `counter ${++state.counter}`),
    });
    const layer = new RulesLayer(new SetupLayer(env, [inc]), new FunctionRulesRuntime({}));
    await layer.reset(task);
    await layer.step(inc);
    expect(
      isEnvriggerError(await layer.reset({ taskId: "t1", seed: 6 }).catch((error: unknown) => error), "SETUP_INVALID"),
    ).toBe(true);
    expect(isEnvriggerError(await layer.step(inc).catch((error: unknown) => error), "EPISODE_NOT_STARTED")).toBe(true);
  });

  it("records its source and name, and refuses to serialise without a source", () => {
    const env = new TestEnv();
    expect(
      new RulesLayer(env, new FunctionRulesRuntime({}), { source: "export {}", name: "noop" }).toLayerSpec(),
    ).toEqual({ kind: "rules", source: "export {}", name: "noop" });
    expect(() => new RulesLayer(env, new FunctionRulesRuntime({})).toLayerSpec()).toThrow(/without its source/);
  });
});
