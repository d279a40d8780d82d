import { describe, expect, it } from "vitest";
import { isEnvriggerError } from "../core/errors.js";
import { FunctionRulesRuntime } from "../testing/function-rules-runtime.js";
import { TestEnv } from "../testing/test-env.js";
import { ChainLayer } from "./chain-layer.js";
import { HarnessLayer } from "./harness-layer.js";
import type { SetupLayerSpec } from "./harness-stack-spec.js";
import { RulesLayer } from "./rules-layer.js";
import { SetupLayer } from "./setup-layer.js";

/** A layer that overrides nothing: everything must behave as the inner env. */
class ForwardingLayer extends HarnessLayer {
  readonly name = "Forward";
  toLayerSpec(): SetupLayerSpec {
    return { kind: "setup", actions: [] };
  }
}

const inc = { name: "inc", args: {} };

describe("HarnessLayer", () => {
  it("forwards every method to the inner env", async () => {
    const plain = new TestEnv();
    const layer = new ForwardingLayer(new TestEnv());
    expect(layer.id).toBe("test");
    expect(await layer.tools()).toEqual(await plain.tools());
    expect(await layer.listTasks("heldout")).toEqual(await plain.listTasks("heldout"));
    expect(await layer.reset({ taskId: "t1", seed: 4 })).toEqual(await plain.reset({ taskId: "t1", seed: 4 }));
    expect(await layer.step(inc)).toEqual(await plain.step(inc));
    expect(await layer.step("inc")).toEqual(await plain.step("inc"));
    expect(await layer.observe()).toEqual(await plain.observe());
    expect(await layer.stateView()).toEqual(await plain.stateView());
    expect(layer.stateSchema()).toBe(plain.stateSchema());
    expect(layer.parseText(" peek ")).toEqual(plain.parseText(" peek "));
    const saved = await layer.saveState();
    expect(saved).toEqual(await plain.saveState());
    await layer.step(inc);
    await layer.restoreState(saved);
    expect(await layer.stateView()).toEqual(await plain.stateView());
    await layer.notifyReplayComplete();
    await plain.notifyReplayComplete();
    expect(await layer.stateView()).toEqual(await plain.stateView());
    expect(await layer.evaluate()).toEqual(await plain.evaluate());
  });

  it("prints the nesting, finds the base and labels layers from the base outward", () => {
    const base = new TestEnv();
    const setup = new SetupLayer(base, [inc]);
    const rules = new RulesLayer(setup, new FunctionRulesRuntime({}));
    const chain = new ChainLayer(rules, new SetupLayer(new TestEnv(), []), { mode: "serial", secondTaskId: "t2" });
    expect(rules.describe()).toBe("Rules<Setup<test>>");
    expect(chain.describe()).toBe("Chain<Rules<Setup<test>>, Setup<test>>");
    expect([setup.label, rules.label, chain.label]).toEqual(["Setup#0", "Rules#1", "Chain#2"]);
    expect(chain.base).toBe(base);
    expect(setup.base).toBe(base);
  });

  it("closes the inner env once, and refuses calls after close with ENV_CLOSED", async () => {
    const runtime = new FunctionRulesRuntime({});
    const layer = new RulesLayer(new ForwardingLayer(new TestEnv()), runtime);
    await layer.reset({ taskId: "t1", seed: 0 });
    await layer.close();
    await layer.close();
    expect(runtime.isDisposed).toBe(true);
    for (const call of [
      () => layer.step(inc),
      () => layer.observe(),
      () => layer.reset({ taskId: "t1", seed: 0 }),
      () => layer.tools(),
    ]) {
      const error = await call().catch((caught: unknown) => caught);
      expect(isEnvriggerError(error, "ENV_CLOSED")).toBe(true);
    }
  });
});
