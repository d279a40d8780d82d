import { describe, expect, it } from "vitest";
import type { ActionInput } from "../core/action.js";
import { isEnvriggerError } from "../core/errors.js";
import { loadRulesComponent } from "../sandbox/rules/component-loader.js";
import { playEpisode } from "../testing/play-episode.js";
import { TestEnvDefinition } from "../testing/test-env-definition.js";
import { buildStack, type BuildStackDependencies } from "./build-stack.js";
import type { HarnessStackSpec } from "./harness-stack-spec.js";
import { layerTracesOf } from "./layer-trace-info.js";
import { stackSpecOf } from "./stack-spec-of.js";

/** A real designer-style component: blocks `dec` at 0, counts incs in memory, stamps turns. */
const source = `
export default defineRules({
  filterAction(action, context) {
    if (action.name === "dec" && context.state.counter === 0) return { block: "the counter is already 0" };
    if (action.name === "inc") context.memory.incs = Number(context.memory.incs ?? 0) + 1;
    return undefined;
  },
  modifyTransition(action, transition, context) {
    return { text: transition.observation.text + " (incs " + String(context.memory.incs ?? 0) + ")" };
  },
  filterObservation(observation, context) {
    return { text: observation.text + " [turn " + String(context.turn) + "]" };
  },
});
`;

const dependencies: BuildStackDependencies = {
  resolveEnv: async () => new TestEnvDefinition(),
  loadRules: (rulesSource) => loadRulesComponent(rulesSource, { timeoutMs: 2_000 }),
};

const spec: HarnessStackSpec = {
  version: 1,
  base: { env: "test", taskId: "t1" },
  layers: [
    { kind: "setup", actions: [{ name: "inc", args: {} }] },
    { kind: "rules", source, name: "guard" },
  ],
};

const dec = { name: "dec", args: {} };
const actions: ActionInput[] = [dec, dec, { name: "inc", args: {} }, "peek", { name: "submit", args: {} }];

describe("a stack with a sandboxed Rules component", () => {
  it("builds through buildStack and applies the component's hooks", async () => {
    const env = await buildStack(spec, dependencies);
    try {
      expect(env.describe()).toBe("Rules<Setup<test>>");
      expect(stackSpecOf(env)).toEqual(spec);
      const episode = await playEpisode(env, { taskId: "t1", seed: 4 }, actions);
      expect(episode.reset.observation.text).toBe("counter 1; reach 3 then submit [turn 0]");
      expect(episode.steps.map((step) => step.observation.text)).toEqual([
        "counter 0 (incs 0) [turn 0]",
        "the counter is already 0",
        "counter 1 (incs 1) [turn 2]",
        "counter 1 (incs 1) [turn 3]",
        "submitted (incs 1) [turn 4]",
      ]);
      expect(layerTracesOf(episode.steps[1]?.info ?? {})[0]).toMatchObject({
        layer: "Rules#1",
        actionOut: null,
        blockedReason: "the counter is already 0",
      });
      expect(await env.evaluate()).toMatchObject({ success: false, metrics: { counter: 1, submitted: true } });
    } finally {
      await env.close();
    }
  });

  it("throws INVALID_STACK with the sandbox's issues for a component that does not check", async () => {
    const broken: HarnessStackSpec = {
      ...spec,
      layers: [
        { kind: "rules", source: "export default defineRules({ filterAction(action) { return process.exit(1); } });" },
      ],
    };
    const error = await buildStack(broken, dependencies).catch((caught: unknown) => caught);
    expect(isEnvriggerError(error, "INVALID_STACK")).toBe(true);
    expect((error as Error).message).toContain("Rules layer 0 failed to load");
    expect((error as Error).message).toContain("process");
  });
});
