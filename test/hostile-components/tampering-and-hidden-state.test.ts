import { describe, expect, it } from "vitest";
import {
  describeHostUnharmed,
  hostState,
  context,
  observationHook,
  expectRefused,
  loaded,
  bypassed,
  expectFailure,
  textOf,
} from "../helpers/hostile-components.js";

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

describeHostUnharmed();
