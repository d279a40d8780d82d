import { afterAll, describe, expect, it } from "vitest";
import type { Action } from "../src/core/action.js";
import type { JsonObject } from "../src/core/json.js";
import type { HookContextInput, HookResult, RulesRuntime } from "../src/harness/rules-runtime.js";
import type { ComponentIssueCode } from "../src/sandbox/rules/component-issue.js";
import { loadRulesComponent } from "../src/sandbox/rules/component-loader.js";
import { createRulesGroupSandbox } from "../src/sandbox/rules/create-rules-group-sandbox.js";
import type { RulesSandboxOptions } from "../src/sandbox/rules/rules-sandbox-options.js";
import { transpileComponent } from "../src/sandbox/rules/transpile-component.js";

/*
 * Hostile Rules components. Each case is either refused by the static check with the
 * expected issue code, or contained at run time with the expected failure code; most
 * statically refused cases are also run with the static check bypassed, to show that the
 * run-time defences hold on their own. The host process must be unharmed at the end.
 */

const runtimes: RulesRuntime[] = [];
afterAll(() => {
  for (const runtime of runtimes) runtime.dispose();
});

const hostState: JsonObject = { files: ["main.py"], done: false };
const context = (overrides: Partial<HookContextInput> = {}): HookContextInput => ({
  state: hostState,
  memory: {},
  turn: 0,
  seed: 1,
  ...overrides,
});
const submit: Action = { name: "submit", args: {} };

/** A component with one filterObservation hook whose body is `body`. */
const observationHook = (body: string, prelude = "") =>
  `${prelude}\nexport default defineRules({\n  filterObservation(observation, context) {\n${body}\n  },\n});\n`;

/** Expect the full pipeline to refuse `source` with an issue of `code` whose message contains `fragment`. */
async function expectRefused(source: string, code: ComponentIssueCode, fragment: string): Promise<void> {
  const result = await loadRulesComponent(source);
  if (result.ok) {
    result.runtime.dispose();
    throw new Error(`expected the component to be refused with ${code}`);
  }
  expect(result.issues).toContainEqual(expect.objectContaining({ code, message: expect.stringContaining(fragment) }));
}

/** Load through the full pipeline (static check included); the component must pass it. */
async function loaded(
  source: string,
  options: RulesSandboxOptions = { timeoutMs: 100, wallTimeoutMs: 500 },
): Promise<RulesRuntime> {
  const result = await loadRulesComponent(source, options);
  if (!result.ok) throw new Error(`expected the component to load: ${JSON.stringify(result.issues)}`);
  runtimes.push(result.runtime);
  return result.runtime;
}

/** Load alone (a group of one) with the static check bypassed: only the run-time defences stand. */
function bypassed(source: string, options: RulesSandboxOptions = { timeoutMs: 100, wallTimeoutMs: 500 }): RulesRuntime {
  const transpiled = transpileComponent(source);
  if (!transpiled.ok) throw new Error(`transpile failed: ${JSON.stringify(transpiled.issues)}`);
  const sandbox = createRulesGroupSandbox([{ script: transpiled.script }], options);
  if (!sandbox.ok) throw new Error(`expected the sandbox to load: ${JSON.stringify(sandbox.issues)}`);
  const runtime = sandbox.group.members[0]!;
  runtimes.push(runtime);
  return runtime;
}

/** Expect a failed hook call with `code` whose message contains `fragment`. */
function expectFailure(result: HookResult<unknown>, code: string, fragment: string, fatal = false): void {
  expect(result).toEqual({ ok: false, code, message: expect.stringContaining(fragment), fatal });
}

/** The text of a successful filterObservation call. */
function textOf(result: HookResult<{ text: string }>): string {
  if (!result.ok) throw new Error(`expected success, got ${result.code}: ${result.message}`);
  return result.value.text;
}

describe("hostile components: resource abuse", () => {
  it("an infinite loop times out and the component stays usable", async () => {
    const runtime = await loaded(
      observationHook(`    if (observation.text === "loop") { while (true) {} }\n    return { text: "fine" };`),
    );
    expectFailure(
      await runtime.filterObservation({ text: "loop" }, context()),
      "timeout",
      "wall-clock limit of 500 ms",
    );
    expect(textOf(await runtime.filterObservation({ text: "next" }, context()))).toBe("fine");
  });

  it("deep recursion is a thrown error, not a crash", async () => {
    const runtime = await loaded(
      observationHook(
        `    return { text: String(depth(0)) };`,
        "function depth(level: number): number { return depth(level + 1) + 1; }",
      ),
    );
    expectFailure(
      await runtime.filterObservation({ text: "x" }, context()),
      "threw",
      "Maximum call stack size exceeded",
    );
  });

  it("a memory bomb kills only its own isolate, and the runtime stays dead", async () => {
    const runtime = await loaded(
      observationHook(
        `    const blocks: number[][] = [];\n    while (true) blocks.push(new Array(100_000).fill(blocks.length));`,
      ),
      { timeoutMs: 10_000 },
    );
    expectFailure(await runtime.filterObservation({ text: "x" }, context()), "memory", "ran out of memory", true);
    expectFailure(await runtime.filterObservation({ text: "y" }, context()), "memory", "ran out of memory", true);
    runtime.dispose();
    runtime.dispose();
    expectFailure(await runtime.filterObservation({ text: "z" }, context()), "memory", "ran out of memory", true);
  });

  it("a huge return value is refused inside the sandbox", async () => {
    const runtime = await loaded(
      observationHook(
        `    if (observation.text === "text") return { text: "x".repeat(300_000) };\n    const chunk = "y".repeat(600_000);\n    return { text: "ok", data: { first: chunk, second: chunk } };`,
      ),
    );
    expectFailure(
      await runtime.filterObservation({ text: "text" }, context()),
      "bad-output",
      "at most 262144 characters",
    );
    expectFailure(await runtime.filterObservation({ text: "data" }, context()), "bad-output", "too large");
  });

  it("huge memory is refused with memory-too-large", async () => {
    const runtime = await loaded(
      observationHook(`    context.memory.log = "x".repeat(70_000);\n    return undefined;`),
    );
    expectFailure(
      await runtime.filterObservation({ text: "x" }, context()),
      "memory-too-large",
      "context.memory is too large",
    );
  });

  it("builtins that would stall or abort the host refuse huge sizes", async () => {
    const runtime = await loaded(
      observationHook(`    if (observation.text === "fill") return { text: String(new Array(100_000_000).fill(0).length) };
    let rope = "ab";
    for (let doubling = 0; doubling < 27; doubling++) rope += rope;
    return { text: String(rope.split("").length) };`),
    );
    expectFailure(
      await runtime.filterObservation({ text: "fill" }, context()),
      "threw",
      "fill: too large for the sandbox",
    );
    expectFailure(
      await runtime.filterObservation({ text: "split" }, context()),
      "threw",
      "split: too large for the sandbox",
    );
  });

  it("a result getter that never returns times out", async () => {
    const runtime = await loaded(observationHook(`    return { get text(): string { while (true) {} } };`));
    expectFailure(await runtime.filterObservation({ text: "x" }, context()), "timeout", "longer than");
  });
});

describe("hostile components: escaping to the host", () => {
  it("require is refused, and does not exist at run time", async () => {
    const source = observationHook(`    const fs = require("node:fs");\n    return { text: String(fs) };`);
    await expectRefused(source, "forbidden-construct", "`require`");
    expectFailure(
      await bypassed(source).filterObservation({ text: "x" }, context()),
      "threw",
      "require is not defined",
    );
  });

  it("import declarations are refused and cannot even be transpiled into a component", async () => {
    const source = `import { readFileSync } from "node:fs";\n${observationHook("    return { text: String(readFileSync) };")}`;
    await expectRefused(source, "forbidden-construct", "imports are not available");
    expect(transpileComponent(source)).toEqual({ ok: false, issues: [expect.objectContaining({ code: "bad-shape" })] });
  });

  it("dynamic import is refused, and fails at run time", async () => {
    const source = observationHook(`    const loading = import("node:fs");\n    return { text: String(loading) };`);
    await expectRefused(source, "forbidden-construct", "dynamic import()");
    expectFailure(await bypassed(source).filterObservation({ text: "x" }, context()), "threw", "Not supported");
  });

  it("process is refused, and does not exist at run time", async () => {
    const source = observationHook(`    return { text: typeof process };`);
    await expectRefused(source, "forbidden-construct", "`process`");
    expect(textOf(await bypassed(source).filterObservation({ text: "x" }, context()))).toBe("undefined");
  });

  it("globalThis is refused, and the global object is frozen at run time", async () => {
    const source = observationHook(`    (globalThis as unknown as JsonObject).leak = 1;\n    return undefined;`);
    await expectRefused(source, "forbidden-construct", "`globalThis`");
    expectFailure(
      await bypassed(source).filterObservation({ text: "x" }, context()),
      "threw",
      "object is not extensible",
    );
  });

  it("eval is refused, and throws at run time", async () => {
    const source = observationHook(`    return { text: String(eval("1 + 1")) };`);
    await expectRefused(source, "forbidden-construct", "`eval`");
    expectFailure(await bypassed(source).filterObservation({ text: "x" }, context()), "threw", "eval is not available");
  });

  it("the Function constructor is refused, and throws at run time", async () => {
    const source = observationHook(`    return { text: String(new Function("return 1")()) };`);
    await expectRefused(source, "forbidden-construct", "`Function`");
    expectFailure(
      await bypassed(source).filterObservation({ text: "x" }, context()),
      "threw",
      "Function constructor is not available",
    );
  });

  it("this.constructor.constructor('return process')() is refused, and fails at run time", async () => {
    const source = observationHook(
      `    const reach = (this as unknown as { constructor: { constructor: (code: string) => () => unknown } });\n    return { text: String(reach.constructor.constructor("return process")()) };`,
    );
    await expectRefused(source, "forbidden-construct", "`this` is not available");
    expectFailure(
      await bypassed(source).filterObservation({ text: "x" }, context()),
      "threw",
      "Cannot read properties of undefined",
    );
  });

  it("({}).constructor.constructor is refused, and blocked at run time", async () => {
    const source = observationHook(
      `    const make = ({}).constructor.constructor as (code: string) => () => unknown;\n    return { text: String(make("return process")()) };`,
    );
    await expectRefused(source, "forbidden-construct", "`constructor`");
    expectFailure(
      await bypassed(source).filterObservation({ text: "x" }, context()),
      "threw",
      "Function constructor is not available",
    );
  });

  it("[].map.constructor is refused, and blocked at run time", async () => {
    const source = observationHook(
      `    const make = [].map.constructor as (code: string) => () => unknown;\n    return { text: String(make("return globalThis")()) };`,
    );
    await expectRefused(source, "forbidden-construct", "`constructor`");
    expectFailure(
      await bypassed(source).filterObservation({ text: "x" }, context()),
      "threw",
      "Function constructor is not available",
    );
  });

  it("a constant computed key like ctx['constr' + 'uctor'] is refused", async () => {
    const source = observationHook(
      `    const reach = (context as unknown as JsonObject)["constr" + "uctor"];\n    return { text: String(reach) };`,
    );
    await expectRefused(source, "forbidden-construct", "`constructor`");
  });

  it("a constructor key computed at run time passes the static check and is blocked at run time", async () => {
    const runtime = await loaded(
      observationHook(`    const key = observation.text;
    const reach = context.memory as unknown as Record<string, Record<string, (code: string) => () => unknown>>;
    return { text: String(reach[key][key]("return process")()) };`),
    );
    expectFailure(
      await runtime.filterObservation({ text: "constructor" }, context()),
      "threw",
      "Function constructor is not available",
    );
  });

  it("generator and async function constructors are blocked at run time", async () => {
    const runtime = bypassed(
      observationHook(`    const generator = Object.getPrototypeOf(function* () {}).constructor;
    const asynchronous = Object.getPrototypeOf(async function () {}).constructor;
    const which = observation.text === "generator" ? generator : asynchronous;
    return { text: String(which("return 1")) };`),
    );
    expectFailure(
      await runtime.filterObservation({ text: "generator" }, context()),
      "threw",
      "Function constructor is not available",
    );
    expectFailure(
      await runtime.filterObservation({ text: "async" }, context()),
      "threw",
      "Function constructor is not available",
    );
  });
});

describe("hostile components: tampering and hidden state", () => {
  it("prototype tampering is refused statically", async () => {
    await expectRefused(
      observationHook(`    (Object.prototype as JsonObject).x = 1;\n    return undefined;`),
      "forbidden-construct",
      "`prototype`",
    );
    await expectRefused(
      observationHook(`    (Array.prototype as unknown as JsonObject).push = null;\n    return undefined;`),
      "forbidden-construct",
      "`prototype`",
    );
  });

  it("prototype tampering that passes the static check fails and has no effect on later calls", async () => {
    const runtime = await loaded(
      observationHook(`    if (observation.text === "tamper") (Object.getPrototypeOf(context.memory) as JsonObject).polluted = true;
    return { text: String(({} as JsonObject).polluted) };`),
    );
    expectFailure(await runtime.filterObservation({ text: "tamper" }, context()), "threw", "object is not extensible");
    expect(textOf(await runtime.filterObservation({ text: "look" }, context()))).toBe("undefined");
  });

  it("replacing Array.prototype.push fails at run time and push keeps working", async () => {
    const runtime = bypassed(
      observationHook(`    if (observation.text === "tamper") Array.prototype.push = function () { return 0; };
    const list = [1];
    list.push(2);
    return { text: String(list.length) };`),
    );
    expectFailure(
      await runtime.filterObservation({ text: "tamper" }, context()),
      "threw",
      "Cannot assign to read only property 'push'",
    );
    expect(textOf(await runtime.filterObservation({ text: "count" }, context()))).toBe("2");
  });

  it("writing into context.state is a type error, and a forced write reaches neither the host nor the next call", async () => {
    await expectRefused(
      observationHook(`    context.state.done = true;\n    return undefined;`),
      "type-error",
      "only permits reading",
    );
    const runtime = await loaded(
      observationHook(`    const state = context.state as unknown as JsonObject;
    const before = String(state.done);
    state.done = true;
    state.injected = "yes";
    return { text: before + "/" + String(state.done) };`),
    );
    expect(textOf(await runtime.filterObservation({ text: "x" }, context()))).toBe("false/true");
    expect(textOf(await runtime.filterObservation({ text: "x" }, context()))).toBe("false/true");
    expect(hostState).toEqual({ files: ["main.py"], done: false });
  });

  it("a module-level counter is refused statically", async () => {
    await expectRefused(
      observationHook(`    calls += 1;\n    return { text: String(calls) };`, "let calls = 0;"),
      "forbidden-construct",
      "`let`/`var`",
    );
    await expectRefused(
      observationHook(
        `    counter.calls += 1;\n    return { text: String(counter.calls) };`,
        "const counter = { calls: 0 };",
      ),
      "forbidden-construct",
      "module-level constant `counter`",
    );
  });

  it("module-level values that pass the static check are frozen: counting calls fails every time", async () => {
    const runtime = await loaded(
      observationHook(`    calls.push(1);\n    return { text: String(calls.length) };`, "const calls: number[] = [];"),
    );
    expectFailure(await runtime.filterObservation({ text: "x" }, context()), "threw", "object is not extensible");
    expectFailure(await runtime.filterObservation({ text: "x" }, context()), "threw", "object is not extensible");
  });

  it("Date is refused, and does not exist at run time", async () => {
    const source = observationHook(`    return { text: typeof Date };`);
    await expectRefused(source, "forbidden-construct", "`Date`");
    expect(textOf(await bypassed(source).filterObservation({ text: "x" }, context()))).toBe("undefined");
  });

  it("Math.random is refused, and throws at run time", async () => {
    const source = observationHook(`    return { text: String(Math.random()) };`);
    await expectRefused(source, "forbidden-construct", "`Math.random`");
    expectFailure(await bypassed(source).filterObservation({ text: "x" }, context()), "threw", "use context.random()");
  });

  it("timers, reflection and shared memory are refused, and absent at run time", async () => {
    await expectRefused(
      observationHook(`    setTimeout(() => undefined, 1);\n    return undefined;`),
      "forbidden-construct",
      "`setTimeout`",
    );
    await expectRefused(
      observationHook(`    return { text: String(Reflect.ownKeys(context)) };`),
      "forbidden-construct",
      "`Reflect`",
    );
    await expectRefused(
      observationHook(`    return { text: String(new SharedArrayBuffer(8)) };`),
      "forbidden-construct",
      "`SharedArrayBuffer`",
    );
    const source = observationHook(
      `    return { text: [typeof setTimeout, typeof Reflect, typeof Proxy, typeof SharedArrayBuffer, typeof Atomics, typeof WebAssembly, typeof Intl].join(",") };`,
    );
    expect(textOf(await bypassed(source).filterObservation({ text: "x" }, context()))).toBe(
      "undefined,undefined,undefined,undefined,undefined,undefined,undefined",
    );
  });

  it("async hooks are refused, and a returned Promise is bad output", async () => {
    const source = `export default defineRules({\n  async filterObservation(observation) {\n    return { text: observation.text };\n  },\n});\n`;
    await expectRefused(source, "forbidden-construct", "async functions are not available");
    expectFailure(
      await bypassed(source).filterObservation({ text: "x" }, context()),
      "bad-output",
      "a Promise (hooks must be synchronous)",
    );
  });
});

describe("hostile components: bad outputs", () => {
  const nonJson: Array<[string, string, string]> = [
    ["a function", `return { text: "x", data: { call: (() => 1) as unknown as Json } };`, "data.call is a function"],
    [
      "undefined inside an array",
      `return { text: "x", data: { list: [1, undefined as unknown as Json] } };`,
      "data.list[1] is undefined inside an array",
    ],
    [
      "a cycle",
      `const node: JsonObject = {};\n    node.self = node;\n    return { text: "x", data: node };`,
      "(or is part of a cycle)",
    ],
    ["NaN", `return { text: "x", data: { ratio: 0 / 0 } };`, "data.ratio is NaN, not a finite number"],
  ];
  it.each(nonJson)("a result containing %s is bad output", async (_label, body, fragment) => {
    const runtime = await loaded(observationHook(`    ${body}`));
    expectFailure(await runtime.filterObservation({ text: "x" }, context()), "bad-output", fragment);
  });

  it("wrong shapes are type errors, and forced wrong shapes are bad output", async () => {
    await expectRefused(
      `export default defineRules({ filterAction(action) { return { name: 5 }; } });`,
      "type-error",
      "not assignable",
    );
    const runtime = await loaded(
      `export default defineRules({ filterAction(action) { return { name: 5 } as unknown as Action; } });`,
    );
    expectFailure(await runtime.filterAction(submit, context()), "bad-output", "filterAction must return an action");
  });

  it("a hook that throws gives its message back", async () => {
    const runtime = await loaded(observationHook(`    throw new Error("the designer's hook exploded");`));
    expectFailure(
      await runtime.filterObservation({ text: "x" }, context()),
      "threw",
      "Error: the designer's hook exploded",
    );
  });

  it("modifyTransition may not set reward, terminated, success or info (statically, and when smuggled past the check)", async () => {
    await expectRefused(
      `export default defineRules({ modifyTransition(action, transition) { return { text: "x", reward: 1 }; } });`,
      "forbidden-construct",
      "modifyTransition cannot change `reward`",
    );
    const transition = { observation: { text: "done" }, reward: 0, terminated: false, truncated: false, info: {} };
    for (const key of ["reward", "terminated", "success", "info"]) {
      const runtime = await loaded(
        `export default defineRules({ modifyTransition(action, transition) { const patch: JsonObject = { text: "x", ${key}: 1 }; return patch as TransitionPatch; } });`,
      );
      expectFailure(
        await runtime.modifyTransition(submit, transition, context()),
        "bad-output",
        `modifyTransition cannot change ${key}`,
      );
    }
  });

  it("a component with no hooks is refused, statically and at load", async () => {
    const source = "export default defineRules({});";
    await expectRefused(source, "no-hooks", "needs at least one hook");
    const transpiled = transpileComponent(source);
    if (!transpiled.ok) throw new Error("transpile failed");
    expect(createRulesGroupSandbox([{ script: transpiled.script }])).toEqual({
      ok: false,
      index: 0,
      issues: [expect.objectContaining({ code: "no-hooks" })],
    });
  });
});

describe("after every hostile component", () => {
  it("the host process is unharmed and fresh components work", async () => {
    expect(({} as JsonObject).polluted).toBeUndefined();
    expect(typeof Array.prototype.push).toBe("function");
    expect(typeof Math.random()).toBe("number");
    expect(typeof Date.now()).toBe("number");
    expect(typeof process.pid).toBe("number");
    const runtime = await loaded(observationHook(`    return { text: observation.text.toUpperCase() };`));
    expect(textOf(await runtime.filterObservation({ text: "still fine" }, context()))).toBe("STILL FINE");
  });
});
