import { afterAll, describe, expect, it } from "vitest";
import { isEnvriggerError } from "../../core/errors.js";
import type { HookContextInput, RulesRuntime } from "../../harness/rules-runtime.js";
import { createRulesGroupSandbox } from "./create-rules-group-sandbox.js";
import { rulesSandboxLimits, type RulesSandboxOptions } from "./rules-sandbox-options.js";
import { transpileComponent } from "./transpile-component.js";

const runtimes: RulesRuntime[] = [];
afterAll(() => {
  for (const runtime of runtimes) runtime.dispose();
});

/** Options of a component loaded alone: the sandbox's, and what its static check would say of state. */
type AloneOptions = RulesSandboxOptions & { usesState?: boolean };

/** Load `source` (TypeScript, not statically checked) alone: a group of one, as the product loads one Rules layer. */
function loadAlone(source: string, options: AloneOptions) {
  const transpiled = transpileComponent(source);
  if (!transpiled.ok) throw new Error(JSON.stringify(transpiled.issues));
  const { usesState, ...sandboxOptions } = options;
  return createRulesGroupSandbox([{ script: transpiled.script, usesState }], sandboxOptions);
}

/** Load `source` alone into a sandbox that must load: the group's only member. */
function sandbox(source: string, options: AloneOptions = {}): RulesRuntime {
  const result = loadAlone(source, options);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  const runtime = result.group.members[0]!;
  runtimes.push(runtime);
  return runtime;
}

/** The issues of a component that must fail to load. */
function loadIssues(source: string, options: AloneOptions = {}) {
  const result = loadAlone(source, options);
  if (result.ok) throw new Error("expected the component not to load");
  return result.issues;
}

const context = (overrides: Partial<HookContextInput> = {}): HookContextInput => ({
  state: {},
  memory: {},
  turn: 0,
  seed: 1,
  ...overrides,
});
const transition = {
  observation: { text: "answer" },
  reward: 0,
  terminated: false,
  truncated: false,
  info: { stop: null },
};

describe("a Rules component loaded alone (a group of one): loading", () => {
  it("reports the hooks and usesState it was given", () => {
    const runtime = sandbox("export default defineRules({ filterObservation: (observation) => observation });", {
      usesState: false,
    });
    expect(runtime.hooks).toEqual({ filterAction: false, modifyTransition: false, filterObservation: true });
    expect(runtime.usesState).toBe(false);
  });

  it("turns load-time problems into issues", () => {
    expect(
      loadIssues(
        "const boom = (() => { throw new Error('at load'); })();\nexport default defineRules({ filterAction: () => undefined });",
      ),
    ).toEqual([{ code: "threw", message: "loading the component threw Error: at load" }]);
    expect(
      loadIssues("const spin = (() => { while (true) {} })();\nexport default defineRules({});", { loadTimeoutMs: 50 }),
    ).toEqual([{ code: "timeout", message: "loading the component took longer than 50 ms" }]);
    expect(loadIssues("export default 5;")[0]?.code).toBe("bad-shape");
    expect(loadIssues("export default defineRules({ filterActions() {} });")[0]?.message).toContain(
      "unknown hook filterActions",
    );
    expect(
      loadIssues("export default defineRules({ get filterAction() { return () => undefined; } });")[0]?.message,
    ).toContain("must be a function");
  });

  it("refuses invalid options with BAD_ARGUMENT", () => {
    const transpiled = transpileComponent("export default defineRules({ filterAction: () => undefined });");
    if (!transpiled.ok) throw new Error("transpile failed");
    for (const options of [{ memoryLimitMb: 2 }, { timeoutMs: -1 }, { timeoutMs: 0.5 }, { loadTimeoutMs: 0 }]) {
      let thrown: unknown;
      try {
        createRulesGroupSandbox([{ script: transpiled.script }], options);
      } catch (error) {
        thrown = error;
      }
      expect(isEnvriggerError(thrown, "BAD_ARGUMENT")).toBe(true);
    }
  });
});

describe("a Rules component loaded alone (a group of one): hook calls", () => {
  it("answers absent hooks without calling the isolate", async () => {
    const runtime = sandbox("export default defineRules({ filterObservation: (observation) => observation });");
    const memory = { kept: true };
    expect(await runtime.filterAction({ name: "a", args: {} }, context({ memory }))).toEqual({
      ok: true,
      value: { kind: "pass" },
      memory,
    });
    expect(await runtime.modifyTransition({ name: "a", args: {} }, transition, context({ memory }))).toEqual({
      ok: true,
      value: {},
      memory,
    });
  });

  it("decodes filterAction: pass, unchanged action, rewrite, block, and refuses bad values", async () => {
    const runtime = sandbox(`
export default defineRules({
  filterAction(action) {
    switch (action.name) {
      case "same": return action;
      case "rename": return { name: "renamed", args: action.args };
      case "block": return { block: "not now" };
      case "empty": return { block: "" };
      case "null": return null;
      case "extra": return { name: "x", args: {}, extra: 1 };
      default: return undefined;
    }
  },
});`);
    const call = (name: string) => runtime.filterAction({ name, args: { path: "a.py" } }, context());
    expect(await call("other")).toEqual({ ok: true, value: { kind: "pass" }, memory: {} });
    expect(await call("same")).toEqual({ ok: true, value: { kind: "pass" }, memory: {} });
    expect(await call("rename")).toEqual({
      ok: true,
      value: { kind: "rewrite", action: { name: "renamed", args: { path: "a.py" } } },
      memory: {},
    });
    expect(await call("block")).toEqual({ ok: true, value: { kind: "block", reason: "not now" }, memory: {} });
    for (const [name, fragment] of [
      ["empty", "must not be empty"],
      ["null", "filterAction must return"],
      ["extra", "extra"],
    ]) {
      expect(await call(name as string)).toEqual({
        ok: false,
        code: "bad-output",
        message: expect.stringContaining(fragment),
        fatal: false,
      });
    }
  });

  it("decodes modifyTransition patches and refuses un-truncating", async () => {
    const runtime = sandbox(`
export default defineRules({
  modifyTransition(action, transition) {
    if (action.name === "keep") return undefined;
    if (action.name === "stop") return { text: transition.observation.text + "!", truncated: true };
    return { truncated: false };
  },
});`);
    expect(await runtime.modifyTransition({ name: "keep", args: {} }, transition, context())).toEqual({
      ok: true,
      value: {},
      memory: {},
    });
    expect(await runtime.modifyTransition({ name: "stop", args: {} }, transition, context())).toEqual({
      ok: true,
      value: { text: "answer!", truncated: true },
      memory: {},
    });
    expect(await runtime.modifyTransition({ name: "resume", args: {} }, transition, context())).toEqual({
      ok: true,
      value: { truncated: false },
      memory: {},
    });
    const truncated = { ...transition, truncated: true };
    expect(await runtime.modifyTransition({ name: "resume", args: {} }, truncated, context())).toEqual({
      ok: false,
      code: "bad-output",
      message: expect.stringContaining("cannot set truncated to false"),
      fatal: false,
    });
  });

  it("decodes filterObservation: undefined keeps the observation", async () => {
    const runtime = sandbox(
      `export default defineRules({ filterObservation: (observation) => (observation.text === "keep" ? undefined : { text: "new", data: { n: 1 } }) });`,
    );
    const keep = { text: "keep", data: { a: 1 } };
    expect(await runtime.filterObservation(keep, context())).toEqual({ ok: true, value: keep, memory: {} });
    expect(await runtime.filterObservation({ text: "x" }, context())).toEqual({
      ok: true,
      value: { text: "new", data: { n: 1 } },
      memory: {},
    });
  });

  it("copies memory in and out without touching the host's object, and accepts a reassigned memory", async () => {
    const runtime = sandbox(`
export default defineRules({
  filterAction(action, context) {
    if (action.name === "replace") context.memory = { fresh: true };
    else context.memory.count = (typeof context.memory.count === "number" ? context.memory.count : 0) + 1;
    if (action.name === "array") context.memory = [] as unknown as JsonObject;
  },
});`);
    const memory = { count: 1 };
    expect(await runtime.filterAction({ name: "count", args: {} }, context({ memory }))).toEqual({
      ok: true,
      value: { kind: "pass" },
      memory: { count: 2 },
    });
    expect(memory).toEqual({ count: 1 });
    expect(await runtime.filterAction({ name: "replace", args: {} }, context({ memory }))).toEqual({
      ok: true,
      value: { kind: "pass" },
      memory: { fresh: true },
    });
    expect(await runtime.filterAction({ name: "array", args: {} }, context({ memory }))).toEqual({
      ok: false,
      code: "bad-output",
      message: "context.memory must stay a JSON object",
      fatal: false,
    });
  });

  it("caps memory, texts and whole outputs", async () => {
    const runtime = sandbox(`
export default defineRules({
  filterObservation(observation, context) {
    const size = Number(observation.text);
    if (observation.data?.memory) context.memory.blob = "m".repeat(size);
    else return { text: "t".repeat(size) };
  },
});`);
    const call = (size: number, memory = false) =>
      runtime.filterObservation({ text: String(size), data: { memory } }, context());
    const memoryFits = rulesSandboxLimits.memoryCharacters - 20;
    expect((await call(memoryFits, true)).ok).toBe(true);
    expect(await call(rulesSandboxLimits.memoryCharacters, true)).toEqual(
      expect.objectContaining({ ok: false, code: "memory-too-large" }),
    );
    expect((await call(rulesSandboxLimits.textCharacters)).ok).toBe(true);
    expect(await call(rulesSandboxLimits.textCharacters + 1)).toEqual(
      expect.objectContaining({ ok: false, code: "bad-output" }),
    );
  });

  it("gives a deterministic context.random() per (seed, turn, hook)", async () => {
    const source = `
export default defineRules({
  filterAction(action, context) { return { block: [context.random(), context.random()].join(",") }; },
  filterObservation(observation, context) { return { text: [context.random(), context.random()].join(",") }; },
});`;
    const first = sandbox(source);
    const second = sandbox(source);
    const draw = async (runtime: RulesRuntime, seed: number, turn: number) => {
      const result = await runtime.filterObservation({ text: "" }, context({ seed, turn }));
      return result.ok ? result.value.text : "failed";
    };
    const blockReason = async (seed: number, turn: number) => {
      const result = await first.filterAction({ name: "a", args: {} }, context({ seed, turn }));
      return result.ok && result.value.kind === "block" ? result.value.reason : "failed";
    };
    const base = await draw(first, 7, 3);
    const [one, two] = base.split(",").map(Number);
    expect(one).toBeGreaterThanOrEqual(0);
    expect(one).toBeLessThan(1);
    expect(one).not.toBe(two);
    expect(await draw(first, 7, 3)).toBe(base);
    expect(await draw(second, 7, 3)).toBe(base);
    expect(await draw(first, 8, 3)).not.toBe(base);
    expect(await draw(first, 7, 4)).not.toBe(base);
    expect(await draw(first, 7 + 2 ** 32, 3)).not.toBe(base);
    expect(await blockReason(7, 3)).not.toBe(base);
  });

  it("is fatally disposed: every later call answers `disposed`, defined hook or not", async () => {
    const runtime = sandbox("export default defineRules({ filterAction: () => undefined });");
    runtime.dispose();
    runtime.dispose();
    const disposed = { ok: false, code: "disposed", message: "the Rules component was disposed", fatal: true };
    expect(await runtime.filterAction({ name: "a", args: {} }, context())).toEqual(disposed);
    expect(await runtime.filterObservation({ text: "a" }, context())).toEqual(disposed);
  });
});

describe("a Rules component loaded alone (a group of one): hardened environment", () => {
  it("freezes the intrinsics and the global object", async () => {
    const runtime = sandbox(`
export default defineRules({
  filterObservation() {
    const frozen = [Object.prototype, Array.prototype, Function.prototype, String.prototype, Math, JSON, globalThis, Object.getPrototypeOf([][Symbol.iterator]())];
    return { text: frozen.map((value) => Object.isFrozen(value)).join(",") + "|" + typeof defineRules };
  },
});`);
    const result = await runtime.filterObservation({ text: "" }, context());
    expect(result).toEqual({
      ok: true,
      value: { text: "true,true,true,true,true,true,true,true|function" },
      memory: {},
    });
  });

  it("forgets RegExp legacy statics between and within calls", async () => {
    const runtime = sandbox(`
export default defineRules({
  filterObservation(observation) {
    /(secret)/.exec(observation.text);
    const legacy = RegExp as unknown as JsonObject;
    return { text: [legacy.$1, legacy.lastMatch, legacy.input].map(String).join(",") };
  },
});`);
    expect(await runtime.filterObservation({ text: "a secret" }, context())).toEqual({
      ok: true,
      value: { text: "undefined,undefined,undefined" },
      memory: {},
    });
  });

  it("guards the builtins that walk a huge array or string in one step", async () => {
    const runtime = sandbox(`
export default defineRules({
  filterObservation(observation) {
    const big = { length: 2 ** 40 } as unknown as number[];
    let rope = "ab";
    for (let doubling = 0; doubling < 21; doubling++) rope += rope;
    switch (observation.text) {
      case "indexOf": return { text: String([].indexOf.call(big, 1)) };
      case "from": return { text: String(Array.from(big).length) };
      case "keys": return { text: String(Object.keys(rope).length) };
      case "repeat": return { text: "x".repeat(2_000_000) };
      case "padEnd": return { text: "x".padEnd(2_000_000) };
      case "concat": return { text: String([].concat(big).length) };
      default: return { text: String([1, 2, 3].map((value) => value * 2).concat([7]).join("-")) };
    }
  },
});`);
    for (const name of ["indexOf", "from", "keys", "repeat", "padEnd", "concat"]) {
      expect(await runtime.filterObservation({ text: name }, context())).toEqual({
        ok: false,
        code: "threw",
        message: `RangeError: ${name}: too large for the sandbox (over ${rulesSandboxLimits.elements} elements)`,
        fatal: false,
      });
    }
    expect(await runtime.filterObservation({ text: "ordinary" }, context())).toEqual({
      ok: true,
      value: { text: "2-4-6-7" },
      memory: {},
    });
  });

  it("drains a runaway microtask loop within the timeout", async () => {
    const runtime = sandbox(
      `
export default defineRules({
  filterObservation(observation) {
    const loop = async (): Promise<void> => { await null; return loop(); };
    void loop();
    return undefined;
  },
});`,
      { timeoutMs: 50, wallTimeoutMs: 50 },
    );
    // Microtasks run after the hook returned, so only the wall-clock backstop stops them.
    expect(await runtime.filterObservation({ text: "" }, context())).toEqual({
      ok: false,
      code: "timeout",
      message: "the hook ran longer than its wall-clock limit of 50 ms and was stopped",
      fatal: false,
    });
  });
});
