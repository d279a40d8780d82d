import { afterAll, describe, expect, it } from "vitest";
import type { ActionInput } from "../core/action.js";
import type { ActionableEnv } from "../core/actionable-env.js";
import { errorMessage } from "../core/errors.js";
import type { Json } from "../core/json.js";
import { loadRulesComponent, loadRulesGroup } from "../sandbox/rules/component-loader.js";
import { isolateCrossingCount } from "../sandbox/rules/isolate-crossings.js";
import { TestEnvDefinition } from "../testing/test-env-definition.js";
import { buildStack, type BuildStackDependencies } from "./build-stack.js";
import type { HarnessStackSpec, LayerSpec } from "./harness-stack-spec.js";
import { RulesLayer } from "./rules-layer.js";

/*
 * Consecutive Rules layers loaded as one group (one isolate, one call per hook phase) must
 * behave exactly as the same layers loaded one by one: same resets, steps, traces,
 * observations, saved states and failures, on every stack and seed below.
 */

const guard = `export default defineRules({
  filterAction(action, context) {
    if (action.name === "dec" && context.state.counter === 0) return { block: "the counter is already 0" };
    if (action.name === "inc") context.memory.incs = Number(context.memory.incs ?? 0) + 1;
    return undefined;
  },
  modifyTransition(action, transition, context) {
    return { text: transition.observation.text + " (incs " + String(context.memory.incs ?? 0) + ", info " + JSON.stringify(transition.info) + ")" };
  },
  filterObservation(observation, context) {
    return { text: observation.text + " [turn " + String(context.turn) + "]" };
  },
});
`;

const rewriter = `export default defineRules({
  filterAction(action, context) {
    context.memory.seen = Number(context.memory.seen ?? 0) + 1;
    if (action.name === "peek" && context.turn % 2 === 1) return { name: "inc", args: {} };
    if (action.name === "submit" && context.random() < 0.3) return { block: "not yet (" + String(context.turn) + ")" };
    return action;
  },
  modifyTransition(action, transition, context) {
    const roll = context.random();
    if (Number(context.memory.seen) >= 6) return { truncated: true, data: { roll, action: "stop" } };
    return { data: { roll, action: action.name } };
  },
  filterObservation(observation, context) {
    return { text: observation.text + " <" + JSON.stringify(observation.data ?? null) + ">", data: { seen: Number(context.memory.seen ?? 0) } };
  },
});
`;

const observer = `export default defineRules({
  filterObservation(observation, context) {
    context.memory.looks = Number(context.memory.looks ?? 0) + 1;
    return { text: observation.text.toUpperCase() + " #" + String(context.memory.looks) };
  },
});
`;

const patcher = `export default defineRules({
  modifyTransition(action, transition, context) {
    if (transition.truncated) return { truncated: true };
    return action.name === "dec" ? { text: "down: " + transition.observation.text } : undefined;
  },
});
`;

const thrower = `export default defineRules({
  filterObservation(observation, context) {
    if (context.turn === 3) throw new Error("turn three is cursed");
    return undefined;
  },
});
`;

const rules = (source: string, name?: string): LayerSpec => ({
  kind: "rules",
  source,
  ...(name === undefined ? {} : { name }),
});
const setup: LayerSpec = { kind: "setup", actions: [{ name: "inc", args: {} }] };
const base = { env: "test", taskId: "t1" };

const stacks: Record<string, LayerSpec[]> = {
  "two Rules layers": [rules(guard, "guard"), rules(rewriter)],
  "Setup, then three Rules layers": [setup, rules(rewriter), rules(guard), rules(observer)],
  "two groups split by a Setup": [rules(observer), setup, rules(patcher), rules(rewriter)],
  "groups around a Chain": [
    rules(guard),
    {
      kind: "chain",
      mode: "serial",
      other: { version: 1, base: { env: "test", taskId: "t2" }, layers: [rules(rewriter), rules(observer)] },
    },
    rules(patcher),
    rules(observer),
  ],
  "a layer that throws on turn 3": [rules(rewriter), rules(thrower), rules(observer)],
};

const actions: ActionInput[] = [
  { name: "dec", args: {} },
  "inc",
  { name: "peek", args: {} },
  "not an action at all",
  { name: "peek", args: {} },
  { name: "inc", args: {} },
  "dec",
  { name: "submit", args: {} },
  { name: "inc", args: {} },
  { name: "submit", args: {} },
];

const built: ActionableEnv[] = [];
afterAll(async () => {
  for (const env of built) await env.close();
});

const definition = new TestEnvDefinition();
const unfused: BuildStackDependencies = {
  resolveEnv: async () => definition,
  loadRules: (source) => loadRulesComponent(source, { timeoutMs: 2_000 }),
};
const fused: BuildStackDependencies = {
  ...unfused,
  loadRulesGroup: (sources) => loadRulesGroup(sources, { timeoutMs: 2_000 }),
};

async function build(layers: LayerSpec[], dependencies: BuildStackDependencies): Promise<ActionableEnv> {
  const spec: HarnessStackSpec = { version: 1, base, layers };
  const env = await buildStack(spec, dependencies);
  built.push(env);
  return env;
}

/** Everything an episode shows: resets, steps (or the error that ended them), observe(), saved states. */
async function record(env: ActionableEnv, seed: number): Promise<Json[]> {
  const log: Json[] = [];
  const attempt = async (what: string, run: () => Promise<unknown>) => {
    try {
      log.push({ [what]: JSON.parse(JSON.stringify((await run()) ?? null)) as Json });
      return true;
    } catch (error) {
      log.push({ [what]: { error: errorMessage(error) } });
      return false;
    }
  };
  // Two episodes on the same stack: the second must not see the first's memory.
  for (let episode = 0; episode < 2; episode++) {
    if (!(await attempt("reset", () => env.reset({ taskId: "t1", seed: seed + episode })))) continue;
    for (const action of actions) {
      let ended = false;
      const ok = await attempt("step", async () => {
        const result = await env.step(action);
        ended = result.terminated || result.truncated;
        return result;
      });
      if (!ok || ended) break;
      await attempt("observe", () => env.observe());
      await attempt("save", () => env.saveState());
    }
  }
  return log;
}

describe("fused Rules layers", () => {
  for (const [name, layers] of Object.entries(stacks)) {
    it(`behave exactly as one isolate per layer: ${name}`, async () => {
      for (const seed of [1, 7, 42]) {
        const expected = await record(await build(layers, unfused), seed);
        const actual = await record(await build(layers, fused), seed);
        expect(actual).toEqual(expected);
      }
    });
  }

  it("the comparison is not vacuous: layers change observations, block, rewrite, truncate, and fail", async () => {
    const log = JSON.stringify([
      ...(await record(await build(stacks["two Rules layers"]!, fused), 1)),
      ...(await record(await build(stacks["a layer that throws on turn 3"]!, fused), 1)),
    ]);
    for (const fragment of [
      "[turn ",
      "incs ",
      '"blocked":true',
      '"actionOut":{"name":"inc"',
      '"truncatedByLayer":true',
      "turn three is cursed",
      "<{",
    ]) {
      expect(log).toContain(fragment);
    }
  });

  it("share one isolate per run of consecutive Rules layers", async () => {
    const env = await build(stacks["Setup, then three Rules layers"]!, fused);
    const layers: RulesLayer[] = [];
    for (let current: ActionableEnv = env; current instanceof RulesLayer; current = current.inner) layers.push(current);
    expect(layers).toHaveLength(3);
    expect(new Set(layers.map((layer) => layer.group?.runtime)).size).toBe(1);
  });

  it("restore a state saved by the other kind of stack", async () => {
    const layers = stacks["Setup, then three Rules layers"]!;
    const reference = await build(layers, unfused);
    await reference.reset({ taskId: "t1", seed: 3 });
    for (const action of actions.slice(0, 3)) await reference.step(action);
    const saved = JSON.parse(JSON.stringify(await reference.saveState())) as Json;
    const resumed = await build(layers, fused);
    await resumed.reset({ taskId: "t1", seed: 99 });
    await resumed.restoreState(saved);
    await reference.restoreState(saved);
    for (const action of actions.slice(3, 6)) expect(await resumed.step(action)).toEqual(await reference.step(action));
  });

  it("cross into the sandbox at most twice per step and once per reset", async () => {
    const env = await build([setup, rules(rewriter), rules(guard)], fused);
    let before = isolateCrossingCount();
    await env.reset({ taskId: "t1", seed: 5 });
    expect(isolateCrossingCount() - before).toBe(1);
    for (const action of [{ name: "inc", args: {} }, { name: "peek", args: {} }, "inc", { name: "dec", args: {} }]) {
      before = isolateCrossingCount();
      await env.step(action);
      expect(isolateCrossingCount() - before).toBeLessThanOrEqual(2);
    }
    const separate = await build([setup, rules(rewriter), rules(guard)], unfused);
    await separate.reset({ taskId: "t1", seed: 5 });
    before = isolateCrossingCount();
    await separate.step({ name: "inc", args: {} });
    expect(isolateCrossingCount() - before).toBe(4);
  });
});
