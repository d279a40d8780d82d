import { isolatedVm } from "../isolate/load-isolated-vm.js";
import { afterAll, describe, expect, it } from "vitest";
import { taskCodeBootstrapSource, taskCodeInvocationSchema } from "./task-code-bootstrap.js";

describe("taskCodeBootstrapSource", () => {
  const isolate = new (isolatedVm().Isolate)({ memoryLimit: 16 });
  afterAll(() => isolate.dispose());

  /** Load the bootstrap with `limit`, then `source`, and call `entry(...args)` through the invoker. */
  const invoke = (limit: number, source: string, entry: string, args: unknown[]) => {
    const context = isolate.createContextSync();
    try {
      const invoker = isolate.compileScriptSync(taskCodeBootstrapSource(limit)).runSync(context, { reference: true });
      context.evalSync(source);
      const target = context.evalSync(entry, { reference: true });
      const caller = invoker.applySync(undefined, [target.derefInto()], { result: { reference: true } });
      return taskCodeInvocationSchema.parse(
        caller.applySync(undefined, [args], { arguments: { copy: true }, result: { copy: true } }),
      );
    } finally {
      context.release();
    }
  };

  it("evaluates to an invoker that tags values, text forms and throws", () => {
    expect(invoke(100, "function f(x) { return { x, list: [x, -0] }; }", "f", [2])).toEqual([
      0,
      { x: 2, list: [2, 0] },
    ]);
    expect(invoke(100, "function f() { return [1, Symbol('s')]; }", "f", [])).toEqual([1, "[1,Symbol(s)]"]);
    expect(invoke(1000, "function f() { return { n: NaN, short: 'y'.repeat(5) }; }", "f", [])).toEqual([
      1,
      '{"n":NaN,"short":"yyyyy"}',
    ]);
    // Text forms are bounded: 200 characters and an ellipsis.
    expect(invoke(1000, "function f() { return { n: NaN, text: 'y'.repeat(300) }; }", "f", [])).toEqual([
      1,
      expect.stringMatching(/^\{"n":NaN,"text":"y{183}…$/),
    ]);
    expect(invoke(100, "function f() { throw new RangeError('out'); }", "f", [])).toEqual([2, "RangeError: out"]);
  });

  it("caps the guarded builtins at the element limit", () => {
    expect(invoke(10, "function f(n) { return new Array(n).fill(1).length; }", "f", [10])).toEqual([0, 10]);
    expect(invoke(10, "function f(n) { return new Array(n).fill(1).length; }", "f", [11])[0]).toBe(2);
    expect(invoke(10, "function f(n) { return Array.from({ length: n }).length; }", "f", [11])[0]).toBe(2);
    expect(invoke(10, "function f(n) { return 'ab'.repeat(n); }", "f", [5])).toEqual([0, "ababababab"]);
    expect(invoke(10, "function f(n) { return 'ab'.repeat(n); }", "f", [6])[0]).toBe(2);
    expect(invoke(10, "function f(n) { return 'a'.padStart(n, '-') + 'b'.padEnd(n); }", "f", [11])[0]).toBe(2);
  });

  it("rejects an element limit that is not a positive integer", () => {
    expect(() => taskCodeBootstrapSource(0)).toThrow(expect.objectContaining({ code: "BAD_ARGUMENT" }));
    expect(() => taskCodeBootstrapSource(1.5)).toThrow(expect.objectContaining({ code: "BAD_ARGUMENT" }));
  });
});
