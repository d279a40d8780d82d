import { describe, expect, it } from "vitest";
import { checkEnv } from "../core/check-env.js";
import { FunctionRulesRuntime } from "../testing/function-rules-runtime.js";
import { TestEnv } from "../testing/test-env.js";
import { ChainLayer } from "./chain-layer.js";
import { RulesLayer } from "./rules-layer.js";
import { SetupLayer } from "./setup-layer.js";

/** Setup → Rules (blocks dec at 0, reads state) → Rules (memory-stamped observations). */
async function threeLayerStack(): Promise<RulesLayer> {
  const setup = new SetupLayer(new TestEnv({ maxTurns: 12 }), [{ name: "inc", args: {} }]);
  const guard = new RulesLayer(
    setup,
    new FunctionRulesRuntime({
      filterAction: (action, context) =>
        action.name === "dec" && context.state.counter === 0
          ? { kind: "block", reason: "the counter is already 0" }
          : { kind: "pass" },
    }),
  );
  return new RulesLayer(
    guard,
    new FunctionRulesRuntime(
      {
        modifyTransition: (action, transition, context) => {
          context.memory[action.name] = Number(context.memory[action.name] ?? 0) + 1;
          return { text: `${transition.observation.text} (${action.name} x${String(context.memory[action.name])})` };
        },
        filterObservation: (observation, context) => ({
          text: `${observation.text} [turn ${context.turn}]`,
          data: { turn: context.turn },
        }),
      },
      { usesState: false },
    ),
  );
}

describe("checkEnv on harness stacks", () => {
  it("passes TestEnv wrapped in Setup, Rules, Rules", async () => {
    const report = await checkEnv(threeLayerStack, { taskId: "t1", seed: 9, maxSteps: 14 });
    expect(report.issues).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.steps).toBeGreaterThan(1);
  });

  it("passes a Chain of two stacks", async () => {
    const create = async () =>
      new ChainLayer(await threeLayerStack(), new SetupLayer(new TestEnv(), [{ name: "dec", args: {} }]), {
        mode: "alternate",
        secondTaskId: "t2",
      });
    const report = await checkEnv(create, { taskId: "t1", seed: 3, maxSteps: 16 });
    expect(report.issues).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it("finds a Rules component that is not deterministic", async () => {
    let calls = 0;
    const create = async () =>
      new RulesLayer(
        new TestEnv(),
        new FunctionRulesRuntime({ filterObservation: (observation) => ({ text: `${observation.text} #${calls++}` }) }),
      );
    const report = await checkEnv(create, { taskId: "t1", seed: 1, maxSteps: 4 });
    expect(report.issues.some((issue) => issue.code === "determinism")).toBe(true);
  });
});
