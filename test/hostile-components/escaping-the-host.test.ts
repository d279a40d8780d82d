import { describe, expect, it } from "vitest";
import { transpileComponent } from "../../src/sandbox/rules/transpile-component.js";
import {
  describeHostUnharmed,
  context,
  observationHook,
  expectRefused,
  loaded,
  bypassed,
  expectFailure,
  textOf,
} from "../helpers/hostile-components.js";

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

describeHostUnharmed();
