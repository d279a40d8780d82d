import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isEnvriggerError } from "../../core/errors.js";
import { TaskCodeRunner } from "./task-code-runner.js";
import type { TestCase } from "./task-code-types.js";

const prelude = `
function range(start, end) {
  if (end === undefined) { end = start; start = 0; }
  const items = [];
  for (let index = start; index < end; index++) items.push(index);
  return items;
}
function min(...values) { return Math.min(...values); }
function max(...values) { return Math.max(...values); }
`;

const clampTests: TestCase[] = [
  { args: [5, 0, 10], expected: 5 },
  { args: [-3, 0, 10], expected: 0 },
  { args: [42, 0, 10], expected: 10 },
];
const buggyClamp = "function clamp(x, lower, upper) { return min(lower, max(x, upper)); }";
const fixedClamp = "function clamp(x, lower, upper) { return max(lower, min(x, upper)); }";

const error = (message: string | RegExp) => ({
  passed: false,
  got: "error",
  error: true,
  errorMessage: typeof message === "string" ? message : expect.stringMatching(message),
});

describe("TaskCodeRunner", () => {
  // A generous wall-clock backstop (the CPU limit keeps its default, 100 ms); the timeout
  // tests use their own runner with a short backstop too.
  let runner: TaskCodeRunner;
  let impatient: TaskCodeRunner;
  beforeAll(() => {
    runner = new TaskCodeRunner({ prelude, timeoutMs: 5_000 });
    impatient = new TaskCodeRunner({ prelude, timeoutMs: 100 });
  });
  afterAll(() => {
    runner.dispose();
    impatient.dispose();
  });

  it("passes a correct function and fails a buggy one", () => {
    expect(runner.runTests(fixedClamp, "clamp", clampTests)).toEqual([
      { passed: true, got: 5, error: false },
      { passed: true, got: 0, error: false },
      { passed: true, got: 10, error: false },
    ]);
    expect(runner.runTests(buggyClamp, "clamp", clampTests)).toEqual([
      { passed: false, got: 0, error: false },
      { passed: true, got: 0, error: false },
      { passed: false, got: 0, error: false },
    ]);
  });

  it("compares strictly and structurally", () => {
    const source = "function pick(kind) { return [1, true, '1', { b: [1, 2], a: null }, [1, [2]]][kind]; }";
    const outcomes = runner.runTests(source, "pick", [
      { args: [0], expected: true },
      { args: [1], expected: true },
      { args: [1], expected: 1 },
      { args: [2], expected: 1 },
      { args: [3], expected: { a: null, b: [1, 2] } },
      { args: [3], expected: { a: null, b: [2, 1] } },
      { args: [4], expected: [1, [2]] },
      { args: [4], expected: [1, 2] },
    ]);
    expect(outcomes.map((outcome) => outcome.passed)).toEqual([false, true, false, false, true, false, true, false]);
    expect(outcomes[0]).toEqual({ passed: false, got: 1, error: false });
  });

  it("shows non-JSON results as text that never passes", () => {
    const source = `function odd(kind) {
      const cycle = [1];
      cycle.push(cycle);
      return [undefined, NaN, Infinity, () => 1, cycle, new Map(), [1, undefined], { a: undefined }, 10n, -0][kind];
    }`;
    const texts = [
      "undefined",
      "NaN",
      "Infinity",
      "function",
      "[1,[Circular]]",
      "[object Map]",
      "[1,undefined]",
      '{"a":undefined}',
      "10n",
    ];
    const outcomes = runner.runTests(
      source,
      "odd",
      texts.map((text, kind) => ({ args: [kind], expected: text })),
    );
    expect(outcomes).toEqual(texts.map((text) => ({ passed: false, got: text, error: false })));
    expect(runner.runTests(source, "odd", [{ args: [9], expected: 0 }])).toEqual([
      { passed: true, got: 0, error: false },
    ]);
  });

  it("turns a syntax error into an error for every test", () => {
    const outcomes = runner.runTests("function clamp(x { return x; }", "clamp", clampTests);
    expect(outcomes).toEqual(clampTests.map(() => error(/^SyntaxError: /)));
  });

  it("turns a throw into an error", () => {
    expect(
      runner.runTests("function boom() { throw new TypeError('no way'); }", "boom", [{ args: [], expected: 1 }]),
    ).toEqual([error("TypeError: no way")]);
    expect(runner.runTests("function boom() { throw 42; }", "boom", [{ args: [], expected: 1 }])).toEqual([
      error("threw 42"),
    ]);
    expect(runner.runTests("throw new Error('at load');\nfunction boom() { return 1; }", "boom", clampTests)).toEqual(
      clampTests.map(() => error("Error: at load")),
    );
  });

  it("turns a missing or non-function entry into an error", () => {
    expect(runner.runTests("function other() { return 1; }", "clamp", clampTests)).toEqual(
      clampTests.map(() => error('entry function "clamp" is not defined')),
    );
    expect(runner.runTests("const clamp = 3;", "clamp", [clampTests[0] as TestCase])).toEqual([
      error('entry function "clamp" is not defined'),
    ]);
    // A `const` arrow function is an entry like a function declaration.
    expect(runner.runTests("const clamp = (x) => x;", "clamp", [clampTests[0] as TestCase])[0]?.passed).toBe(true);
  });

  it("rejects an entry that is not an identifier", () => {
    expect(() => runner.runTests(fixedClamp, "clamp; while (true) {}", clampTests)).toThrow(/identifier/);
  });

  it("stops an infinite loop with a timeout and keeps working", () => {
    const loop = "function spin(x) { if (x > 0) { while (true) {} } return x; }";
    expect(
      impatient.runTests(loop, "spin", [
        { args: [1], expected: 1 },
        { args: [0], expected: 0 },
      ]),
    ).toEqual([error("timeout"), { passed: true, got: 0, error: false }]);
    expect(
      impatient.runTests("while (true) {}\nfunction spin() { return 1; }", "spin", [{ args: [], expected: 1 }]),
    ).toEqual([error("timeout")]);
    expect(impatient.runTests(fixedClamp, "clamp", clampTests).every((outcome) => outcome.passed)).toBe(true);
  });

  it("turns deep recursion into an error", () => {
    const outcomes = runner.runTests("function deep(n) { return deep(n + 1) + 1; }", "deep", [
      { args: [0], expected: 0 },
    ]);
    expect(outcomes).toEqual([error("RangeError: Maximum call stack size exceeded")]);
  });

  it("refuses huge single-step allocations instead of crashing the process", () => {
    const source = "function huge(n) { return new Array(n).fill(0).length; }";
    expect(
      runner.runTests(source, "huge", [
        { args: [1e8], expected: 0 },
        { args: [3], expected: 3 },
      ]),
    ).toEqual([error(/^RangeError: fill: result too large/), { passed: true, got: 3, error: false }]);
    expect(
      runner.runTests("function long() { return 'ab'.repeat(1e9).length; }", "long", [{ args: [], expected: 0 }]),
    ).toEqual([error(/^RangeError: repeat: result too large/)]);
  });

  it("makes the prelude available", () => {
    const source = "function total(n) { let sum = 0; for (const index of range(1, n)) sum += index; return sum; }";
    expect(runner.runTests(source, "total", [{ args: [5], expected: 10 }])).toEqual([
      { passed: true, got: 10, error: false },
    ]);
  });

  it("keeps one source's changes to globals away from another source", () => {
    const tamper = `range = () => [];
      Math.max = () => -1;
      Array.prototype.map = function () { return ["tampered"]; };
      function total(n) { return range(0, n).length + Math.max(1, 2); }`;
    expect(runner.runTests(tamper, "total", [{ args: [3], expected: 0 }])).toEqual([
      { passed: false, got: -1, error: false },
    ]);
    const honest = "function total(n) { return range(0, n).map((index) => index * 2).concat([Math.max(1, 2)]); }";
    expect(runner.runTests(honest, "total", [{ args: [3], expected: [0, 2, 4, 2] }])[0]?.passed).toBe(true);
  });

  it("reads results with its own intrinsics, whatever the source reassigns", () => {
    const source = `Object.keys = () => [];
      Array.isArray = () => false;
      JSON.stringify = () => "tampered";
      Object.getPrototypeOf = () => null;
      function shape() { return { list: [1, 2], nested: { ok: true } }; }`;
    expect(
      runner.runTests(source, "shape", [{ args: [], expected: { list: [1, 2], nested: { ok: true } } }])[0]?.passed,
    ).toBe(true);
  });

  it("gives task code no way to the host", () => {
    const source = `function probe() {
      return [typeof require, typeof process, typeof module, typeof global, typeof setTimeout, typeof fetch];
    }`;
    expect(runner.runTests(source, "probe", [{ args: [], expected: 0 }])[0]?.got).toEqual(Array(6).fill("undefined"));
  });

  it("memoizes outcomes per source, entry and arguments", () => {
    // Deliberately impure: the memo shows the first answer again instead of a new count.
    const counter = "let calls = 0;\nfunction count(x) { calls += 1; return calls; }\nfunction other(x) { return -x; }";
    const tests: TestCase[] = [
      { args: [7], expected: 1 },
      { args: [8], expected: 1 },
      { args: [7], expected: 1 },
    ];
    const before = runner.statistics();
    const first = runner.runTests(counter, "count", tests);
    expect(first.map((outcome) => outcome.got)).toEqual([1, 2, 1]);
    expect(runner.runTests(counter, "count", tests)).toEqual(first);
    expect(runner.runTests(counter, "other", [{ args: [7], expected: -7 }])[0]?.passed).toBe(true);
    const after = runner.statistics();
    expect(after.callsExecuted - before.callsExecuted).toBe(3);
    expect(after.resultsFromCache - before.resultsFromCache).toBe(3);
    expect(after.contextsCreated - before.contextsCreated).toBe(1);
  });

  it("shares frozen memoized values between outcomes", () => {
    const source = "function pair(x) { return [x, x]; }";
    const [first] = runner.runTests(source, "pair", [{ args: [1], expected: [1, 1] }]);
    const [second] = runner.runTests(source, "pair", [{ args: [1], expected: [2, 2] }]);
    expect(first).toEqual({ passed: true, got: [1, 1], error: false });
    expect(second).toEqual({ passed: false, got: [1, 1], error: false });
    expect(Object.isFrozen(second?.got)).toBe(true);
  });

  it("reloads a source whose context was evicted", () => {
    const small = new TaskCodeRunner({ contextCacheSize: 2 });
    try {
      const sources = [1, 2, 3].map((value) => `function answer() { return ${value}; }`);
      sources.forEach((source, index) => small.runTests(source, "answer", [{ args: [], expected: index + 1 }]));
      expect(small.runTests(sources[0] as string, "answer", [{ args: [0], expected: 1 }])[0]?.passed).toBe(true);
      expect(small.statistics().contextsCreated).toBe(4);
    } finally {
      small.dispose();
    }
  });

  it("is disposed safely twice and refuses work afterwards", () => {
    const short = new TaskCodeRunner();
    short.dispose();
    short.dispose();
    try {
      short.runTests(fixedClamp, "clamp", clampTests);
      expect.unreachable();
    } catch (caught) {
      expect(isEnvriggerError(caught, "SANDBOX")).toBe(true);
    }
  });

  it("rejects invalid options and a broken prelude", () => {
    for (const options of [{ memoryLimitMb: 4 }, { timeoutMs: 0 }, { resultCacheSize: 0 }, { unknown: 1 } as object]) {
      expect(() => new TaskCodeRunner(options)).toThrow(expect.objectContaining({ code: "BAD_ARGUMENT" }));
    }
    expect(() => new TaskCodeRunner({ prelude: "function range( {" })).toThrow(/prelude does not compile/);
    expect(() => new TaskCodeRunner({ prelude: "throw new Error('nope')" })).toThrow(
      /prelude does not run: Error: nope/,
    );
  });
});

describe("TaskCodeRunner and memory", () => {
  let runner: TaskCodeRunner;
  beforeAll(() => {
    // Limits far above what the bombs need to reach 8 MB, so they fail on memory, not time.
    runner = new TaskCodeRunner({ memoryLimitMb: 8, cpuTimeMs: 5_000, timeoutMs: 5_000 });
  });
  afterAll(() => runner.dispose());

  it("turns a memory bomb into an error and replaces the isolate", () => {
    const add = "function add(a, b) { return a + b; }";
    const bomb =
      "function bomb() { const parts = []; for (let index = 0; ; index++) parts.push(('x'.repeat(100000) + index).toUpperCase()); }";
    const before = runner.statistics();
    expect(runner.runTests(add, "add", [{ args: [2, 3], expected: 5 }])[0]?.passed).toBe(true);
    expect(runner.runTests(bomb, "bomb", [{ args: [], expected: 0 }])).toEqual([error("memory")]);
    // The dead isolate also held `add`, so the bomb was judged again alone in a fresh isolate.
    let now = runner.statistics();
    expect(now.callsExecuted - before.callsExecuted).toBe(3);
    expect(now.isolatesCreated - before.isolatesCreated).toBe(1);
    // The runner goes on with a new isolate, reloading what it needs.
    expect(runner.runTests(add, "add", [{ args: [4, 5], expected: 9 }])).toEqual([
      { passed: true, got: 9, error: false },
    ]);
    now = runner.statistics();
    expect(now.isolatesCreated - before.isolatesCreated).toBe(2);
    // The verdict is memoized: the bomb is not run again.
    expect(runner.runTests(bomb, "bomb", [{ args: [], expected: 0 }])).toEqual([error("memory")]);
    expect(runner.statistics().callsExecuted).toBe(now.callsExecuted);
  });

  it("turns a memory bomb at load time into an error for every test", () => {
    const bomb =
      "const kept = []; for (let index = 0; ; index++) kept.push(new Array(100000).fill(index));\nfunction f() { return 1; }";
    expect(
      runner.runTests(bomb, "f", [
        { args: [1], expected: 1 },
        { args: [2], expected: 1 },
      ]),
    ).toEqual([error("memory"), error("memory")]);
    expect(runner.runTests("function f() { return 1; }", "f", [{ args: [], expected: 1 }])[0]?.passed).toBe(true);
  });
});
