import { describe, expect, it } from "vitest";
import { createRulesGroupSandbox } from "../../src/sandbox/rules/create-rules-group-sandbox.js";
import { transpileComponent } from "../../src/sandbox/rules/transpile-component.js";
import {
  describeHostUnharmed,
  context,
  submit,
  observationHook,
  expectRefused,
  loaded,
  expectFailure,
} from "../helpers/hostile-components.js";

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

describeHostUnharmed();
