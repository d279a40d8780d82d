import { afterAll, describe, expect, it } from "vitest";
import type { ActionableEnv } from "../../core/actionable-env.js";
import { type EnvriggerError, isEnvriggerError } from "../../core/errors.js";
import { buildStack, type BuildStackDependencies } from "../../harness/build-stack.js";
import type { LayerSpec } from "../../harness/harness-stack-spec.js";
import type { GroupCall } from "../../harness/rules-group-runtime.js";
import { TestEnvDefinition } from "../../testing/test-env-definition.js";
import { loadRulesComponent, loadRulesGroup } from "./component-loader.js";
import { createRulesGroupSandbox } from "./create-rules-group-sandbox.js";
import type { SandboxRulesGroup } from "./sandbox-rules-group.js";
import { transpileComponent } from "./transpile-component.js";

/*
 * Hostile components in a group: several components share one isolate, so the guarantees
 * of one isolate per component must hold between them too — no component sees another's
 * memory or inputs, a runaway hook is the failure of its own layer, a memory bomb is fatal
 * and blamed on the layer that ran it, and a failure fails the episode (COMPONENT_RUNTIME).
 */

const groups: SandboxRulesGroup[] = [];
const envs: ActionableEnv[] = [];
afterAll(async () => {
  for (const env of envs) await env.close();
  for (const group of groups) for (const member of group.members) member.dispose();
});

/** A group of components (innermost first) with the static check bypassed: only the run-time defences stand. */
function bypassedGroup(
  sources: string[],
  timeoutMs = 100,
  wallTimeoutMs = Math.max(500, timeoutMs),
): SandboxRulesGroup {
  const scripts = sources.map((source) => {
    const transpiled = transpileComponent(source);
    if (!transpiled.ok) throw new Error(`transpile failed: ${JSON.stringify(transpiled.issues)}`);
    return { script: transpiled.script };
  });
  const sandbox = createRulesGroupSandbox(scripts, { timeoutMs, wallTimeoutMs, memoryLimitMb: 32 });
  if (!sandbox.ok) throw new Error(`expected the group to load: ${JSON.stringify(sandbox.issues)}`);
  groups.push(sandbox.group);
  return sandbox.group;
}

const call = (layers: number): GroupCall => ({
  contexts: Array.from({ length: layers }, () => ({ turn: 0, seed: 1 })),
  state: { counter: 0 },
});
const observation = { text: "hello", data: { secret: "env" } };
const action = { name: "inc", args: { by: 1 } };

describe("hostile components in one group", () => {
  it("a layer cannot see another's memory, nor changes another made to its own inputs", async () => {
    // With the static check bypassed, a module-level binding survives between calls: the
    // writer keeps its copy of the observation and tampers with it on the next call.
    const writer = `let saved: any = undefined;
export default defineRules({
  filterObservation(observation, context) {
    context.memory.secret = "writer's";
    (observation as any).data.secret = "tampered";
    (context.state as any).counter = 99;
    if (saved !== undefined) saved.data.secret = "tampered later";
    saved = observation;
    return undefined;
  },
});`;
    const reader = `export default defineRules({
  filterObservation(observation, context) {
    return { text: JSON.stringify({ memory: context.memory, data: observation.data, state: context.state }) };
  },
});`;
    const group = bypassedGroup([writer, reader]);
    for (let round = 0; round < 2; round++) {
      const answers = await group.observations(0, 1, observation, call(2), true);
      // The writer's memory changes in the first round only; then its hook changes nothing (no entry).
      if (round === 0) expect(answers[0]?.result).toMatchObject({ ok: true, memory: { secret: "writer's" } });
      else expect(answers[0]?.result).toBeUndefined();
      const read = answers[1]?.result;
      if (!read?.ok) throw new Error("expected the reader to succeed");
      // The reader sees its own (empty) memory, the observation as the writer passed it on
      // (unchanged: it returned undefined) and an untouched state.
      expect(JSON.parse(read.value.text)).toEqual({ memory: {}, data: { secret: "env" }, state: { counter: 0 } });
    }
    expect(observation.data.secret).toBe("env");
  });

  it("a rewrite reaches the next layer as a copy: changing it later changes nothing", async () => {
    const rewriter = `export default defineRules({
  filterAction(action, context) {
    return { name: "dec", args: { by: 2 } };
  },
});`;
    const inner = `export default defineRules({
  filterAction(action, context) {
    (action.args as any).by = 100;
    return { block: "saw " + action.name };
  },
});`;
    const group = bypassedGroup([inner, rewriter]);
    const results = await group.filterActions(1, 0, action, call(2));
    expect(results.map((entry) => entry.result)).toEqual([
      { ok: true, value: { kind: "rewrite", action: { name: "dec", args: { by: 2 } } } },
      { ok: true, value: { kind: "block", reason: "saw dec" } },
    ]);
    expect(action.args.by).toBe(1);
  });

  it("a runaway hook is its own layer's timeout; the layers before it keep their results", async () => {
    const counter = `export default defineRules({
  filterObservation(observation, context) {
    context.memory.looks = Number(context.memory.looks ?? 0) + 1;
    return { text: observation.text + "!" };
  },
});`;
    const loop = `export default defineRules({
  filterObservation(observation, context) {
    if (observation.text.endsWith("!")) { while (true) {} }
    return undefined;
  },
});`;
    const group = bypassedGroup([counter, loop, counter]);
    const results = await group.observations(0, 2, observation, call(3), true);
    expect(results).toEqual([
      { layer: 0, result: { ok: true, value: { text: "hello!" }, memory: { looks: 1 } } },
      {
        layer: 1,
        result: {
          ok: false,
          code: "timeout",
          message: "the hook ran longer than its wall-clock limit of 500 ms and was stopped",
          fatal: false,
        },
      },
    ]);
    // The isolate stays usable.
    const next = await group.observations(0, 0, { text: "again" }, call(1), true);
    expect(next[0]?.result).toMatchObject({ ok: true, value: { text: "again!" } });
  });

  it("a memory bomb is fatal for the group and blamed on the layer that ran it", async () => {
    const fine = `export default defineRules({ filterObservation(observation, context) { return undefined; } });`;
    const bomb = `export default defineRules({
  filterObservation(observation, context) {
    const blocks: number[][] = [];
    while (true) blocks.push(new Array(100_000).fill(blocks.length));
  },
});`;
    const group = bypassedGroup([fine, bomb, fine], 10_000);
    const results = await group.observations(0, 2, observation, call(3), true);
    const failed = results.find((entry) => entry.result !== undefined && !entry.result.ok);
    expect(failed).toEqual({
      layer: 1,
      result: { ok: false, code: "memory", message: expect.stringContaining("ran out of memory"), fatal: true },
    });
    const later = await group.observations(0, 0, observation, call(1), true);
    expect(later[0]?.result).toMatchObject({ ok: false, code: "memory", fatal: true });
  });

  it("a failing layer of a fused stack fails the episode with COMPONENT_RUNTIME naming that layer", async () => {
    const definition = new TestEnvDefinition();
    const dependencies: BuildStackDependencies = {
      resolveEnv: async () => definition,
      loadRules: (source) => loadRulesComponent(source, { timeoutMs: 2_000 }),
      loadRulesGroup: (sources) => loadRulesGroup(sources, { timeoutMs: 2_000 }),
    };
    const fine = `export default defineRules({ filterAction(action, context) { return undefined; } });`;
    const thrower = `export default defineRules({ filterAction(action, context) { throw new Error("no " + action.name); } });`;
    const layers: LayerSpec[] = [
      { kind: "rules", source: fine },
      { kind: "rules", source: thrower },
      { kind: "rules", source: fine },
    ];
    const env = await buildStack({ version: 1, base: { env: "test", taskId: "t1" }, layers }, dependencies);
    envs.push(env);
    await env.reset({ taskId: "t1", seed: 1 });
    const error = await env.step(action).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(isEnvriggerError(error, "COMPONENT_RUNTIME")).toBe(true);
    expect((error as EnvriggerError).message).toContain("Rules#1 hook filterAction failed (threw): Error: no inc");
  });

  it("a hook gets only the parts of its inputs its static check says it may read", async () => {
    // The static check is bypassed and the inputs are given by hand, to show what the hook then sees.
    const prober = `export default defineRules({
  filterAction(action, context) {
    return { block: JSON.stringify([Object.keys(action), Object.keys(context)]) };
  },
  filterObservation(observation, context) {
    return { text: JSON.stringify([Object.keys(observation), Object.keys(context)]) };
  },
});`;
    const transpiled = transpileComponent(prober);
    if (!transpiled.ok) throw new Error(JSON.stringify(transpiled.issues));
    const inputs = {
      filterAction: [["name"], ["turn"]],
      modifyTransition: [[], [], []],
      filterObservation: [["text"], []],
    } as const;
    const sandbox = createRulesGroupSandbox(
      [{ script: transpiled.script, usesState: false, inputs: structuredClone(inputs) as never }],
      { timeoutMs: 2_000 },
    );
    if (!sandbox.ok) throw new Error(JSON.stringify(sandbox.issues));
    groups.push(sandbox.group);
    const [blocked] = await sandbox.group.filterActions(0, 0, action, call(1));
    expect(blocked?.result).toEqual({ ok: true, value: { kind: "block", reason: '[["name"],["turn"]]' } });
    const [filtered] = await sandbox.group.observations(0, 0, observation, call(1), true);
    expect(filtered?.result).toEqual({ ok: true, value: { text: '[["text"],[]]' } });
    // Without inputs (nothing known), every key.
    const whole = createRulesGroupSandbox([{ script: transpiled.script, usesState: false }], { timeoutMs: 2_000 });
    if (!whole.ok) throw new Error(JSON.stringify(whole.issues));
    groups.push(whole.group);
    const [everything] = await whole.group.filterActions(0, 0, action, call(1));
    expect(everything?.result).toEqual({
      ok: true,
      value: { kind: "block", reason: '[["name","args"],["state","memory","turn","seed","random"]]' },
    });
  });

  it("a call in which no hook changed anything answers no results (each layer passed its input on)", async () => {
    const loaded = await loadRulesGroup(
      [
        `export default defineRules({ filterAction(action) { return action.name === "never" ? { block: "no" } : undefined; }, filterObservation(observation) { return undefined; } });`,
        `export default defineRules({ modifyTransition(action, transition) { return transition.truncated ? { truncated: true } : undefined; } });`,
      ],
      { timeoutMs: 2_000 },
    );
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
    const runtime = loaded.group as SandboxRulesGroup;
    groups.push(runtime);
    const transition = { observation, reward: 1, terminated: false, truncated: false, info: { note: "x" } };
    expect(await runtime.filterActions(1, 0, action, call(2))).toEqual([]);
    expect(await runtime.transitions(0, 1, transition, "last", call(2))).toEqual([]);
    expect(await runtime.observations(0, 1, observation, call(2), true)).toEqual([]);
    // A change is reported: a block, a patch.
    expect(await runtime.filterActions(1, 0, { name: "never", args: {} }, call(2))).toEqual([
      { layer: 1, result: undefined },
      { layer: 0, result: { ok: true, value: { kind: "block", reason: "no" } } },
    ]);
    const patched = await runtime.transitions(0, 1, { ...transition, truncated: true }, action, call(2));
    expect(patched[1]).toEqual({
      layer: 1,
      transition: { ok: true, value: { truncated: true } },
      observation: undefined,
    });
  });
});
