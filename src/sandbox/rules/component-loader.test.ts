import { afterAll, describe, expect, it } from "vitest";
import type { Action } from "../../core/action.js";
import type { JsonObject } from "../../core/json.js";
import type { HookContextInput, RulesRuntime } from "../../harness/rules-runtime.js";
import { loadRulesComponent, loadRulesGroup, type RulesGroupWorkers } from "./component-loader.js";
import { createRulesGroupSandbox, type GroupComponentScript } from "./create-rules-group-sandbox.js";
import type { RulesSandboxOptions } from "./rules-sandbox-options.js";

const runtimes: RulesRuntime[] = [];
afterAll(() => {
  for (const runtime of runtimes) runtime.dispose();
});

async function load(source: string): Promise<RulesRuntime> {
  const result = await loadRulesComponent(source);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  runtimes.push(result.runtime);
  return result.runtime;
}

const context = (overrides: Partial<HookContextInput> = {}): HookContextInput => ({
  state: {},
  memory: {},
  turn: 0,
  seed: 1,
  ...overrides,
});

const verifyBeforeSubmit = `
const testRunner = "test";

function ranTests(memory: JsonObject): boolean {
  return memory.ranTests === true;
}

export default defineRules({
  filterAction(action, context) {
    if (action.name === testRunner) context.memory.ranTests = true;
    if (action.name === "submit" && !ranTests(context.memory)) {
      return { block: "pre-commit hook 'verify-tests' failed. Run the test suite before submitting." };
    }
    return undefined;
  },
});
`;

describe("loadRulesComponent", () => {
  it("blocks submit until the tests ran, keeping the flag in memory across the episode", async () => {
    const runtime = await load(verifyBeforeSubmit);
    const submit: Action = { name: "submit", args: {} };
    // Two episodes on one runtime: memory is the only state, and it starts empty each episode.
    for (let episode = 0; episode < 2; episode++) {
      let memory: JsonObject = {};
      const blocked = await runtime.filterAction(submit, context({ memory, seed: episode }));
      expect(blocked).toEqual({
        ok: true,
        value: { kind: "block", reason: expect.stringContaining("verify-tests") },
        memory: {},
      });
      const tested = await runtime.filterAction(
        { name: "test", args: {} },
        context({ memory, turn: 1, seed: episode }),
      );
      expect(tested).toEqual({ ok: true, value: { kind: "pass" }, memory: { ranTests: true } });
      if (tested.ok) memory = tested.memory;
      expect(await runtime.filterAction(submit, context({ memory, turn: 2, seed: episode }))).toEqual({
        ok: true,
        value: { kind: "pass" },
        memory: { ranTests: true },
      });
    }
  });

  it("rewrites observation and response text", async () => {
    const runtime = await load(`
export default defineRules({
  modifyTransition(action, transition) {
    if (action.name === "run") return { text: transition.observation.text + "\\n(note: output truncated to 2 lines)" };
  },
  filterObservation(observation) {
    return { text: observation.text.split("\\n").slice(0, 2).join("\\n"), data: observation.data };
  },
});`);
    const transition = { observation: { text: "1\n2\n3" }, reward: 0, terminated: false, truncated: false, info: {} };
    expect(await runtime.modifyTransition({ name: "run", args: {} }, transition, context())).toEqual({
      ok: true,
      value: { text: "1\n2\n3\n(note: output truncated to 2 lines)" },
      memory: {},
    });
    expect(await runtime.filterObservation({ text: "a\nb\nc", data: { lines: 3 } }, context())).toEqual({
      ok: true,
      value: { text: "a\nb", data: { lines: 3 } },
      memory: {},
    });
  });

  it("gives context.random() the same values for the same seed and turn, other values for other seeds", async () => {
    const source = `
export default defineRules({
  filterObservation(observation, context) {
    const noise = context.random() < 0.5 ? " (flaky)" : "";
    return { text: observation.text + noise + " " + context.random().toFixed(8) };
  },
});`;
    const [first, second] = [await load(source), await load(source)];
    const text = async (runtime: RulesRuntime, seed: number) => {
      const result = await runtime.filterObservation({ text: "out" }, context({ seed, turn: 5 }));
      return result.ok ? result.value.text : result.message;
    };
    const reference = await text(first, 11);
    expect(reference).toMatch(/^out( \(flaky\))? 0\.\d{8}$/);
    expect(await text(first, 11)).toBe(reference);
    expect(await text(second, 11)).toBe(reference);
    const others = new Set(await Promise.all([12, 13, 14].map((seed) => text(first, seed))));
    expect(others.has(reference)).toBe(false);
    expect(others.size).toBe(3);
  });

  it("reports the static check, and reads state only when a hook uses it", async () => {
    const reading = await loadRulesComponent(`
export default defineRules({
  filterAction(action, context) {
    if (context.state.solved === true && action.name !== "submit") return { block: "you are done: submit" };
  },
});`);
    if (!reading.ok) throw new Error(JSON.stringify(reading.issues));
    runtimes.push(reading.runtime);
    expect(reading.check).toEqual({
      ok: true,
      issues: [],
      usesState: true,
      hooks: { filterAction: true, modifyTransition: false, filterObservation: false },
      inputs: { filterAction: [["name"], ["state"]], modifyTransition: [[], [], []], filterObservation: [[], []] },
    });
    expect(reading.runtime.usesState).toBe(true);
    const decision = await reading.runtime.filterAction(
      { name: "edit", args: {} },
      context({ state: { solved: true } }),
    );
    expect(decision).toEqual({ ok: true, value: { kind: "block", reason: "you are done: submit" }, memory: {} });
    expect((await load(verifyBeforeSubmit)).usesState).toBe(false);
  });

  it("returns the issues of a refused component instead of a runtime", async () => {
    const result = await loadRulesComponent(
      "export default defineRules({ filterAction(action) { return Date.now(); } });",
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((issue) => issue.code)).toEqual(["forbidden-construct", "type-error"]);
  });
});

describe("the Rules group engine's placement", () => {
  /** Workers that load on this thread and record what they were asked to load. */
  const recordingWorkers = () => {
    const loads: Array<{ components: GroupComponentScript[]; options: RulesSandboxOptions }> = [];
    const workers: RulesGroupWorkers = {
      load: async (components, options) => {
        loads.push({ components, options });
        const loaded = createRulesGroupSandbox(components, options);
        return loaded.ok ? { ok: true, group: loaded.group } : loaded;
      },
    };
    return { workers, loads };
  };
  const passThrough = "export default defineRules({ filterObservation: (observation) => undefined });";
  const block = `export default defineRules({ filterAction(action) { return { block: "no " + action.name }; } });`;

  it("loads a group, or one component (a group of one), on the workers given, with the sandbox options only", async () => {
    const { workers, loads } = recordingWorkers();
    const group = await loadRulesGroup([passThrough, block], { timeoutMs: 2_000, workers });
    if (!group.ok) throw new Error(JSON.stringify(group.issues));
    runtimes.push(...group.group.members);
    const alone = await loadRulesComponent(block, { timeoutMs: 2_000, workers });
    if (!alone.ok) throw new Error(JSON.stringify(alone.issues));
    runtimes.push(alone.runtime);
    expect(loads.map((load) => [load.components.length, load.options])).toEqual([
      [2, { timeoutMs: 2_000 }],
      [1, { timeoutMs: 2_000 }],
    ]);
    expect(await alone.runtime.filterAction({ name: "edit", args: {} }, context())).toEqual({
      ok: true,
      value: { kind: "block", reason: "no edit" },
      memory: {},
    });
  });

  it("checks every source before placing anything: a refused source never reaches the workers", async () => {
    const { workers, loads } = recordingWorkers();
    const refused = await loadRulesGroup([passThrough, "export default defineRules({});"], { workers });
    expect(refused).toMatchObject({ ok: false, index: 1 });
    expect(loads).toEqual([]);
  });
});
