import { describe, expect, it } from "vitest";
import type { ComponentIssue } from "../component-issue.js";
import { checkComponentSource, componentSourceLimits } from "./static-check.js";

/** A component whose filterAction body is `body`. */
const withFilterAction = (body: string, prelude = "") =>
  `${prelude}\nexport default defineRules({\n  filterAction(action, context) {\n${body}\n    return undefined;\n  },\n});\n`;

const codes = (issues: ComponentIssue[]) => issues.map((issue) => issue.code);

function forbidden(source: string): ComponentIssue[] {
  return checkComponentSource(source).issues.filter((issue) => issue.code === "forbidden-construct");
}

describe("checkComponentSource", () => {
  it("accepts a well-formed component and reports its hooks", () => {
    const result = checkComponentSource(`
const limit = 3;
const phrases = ["a", "b"] as const;
type Counter = { count: number };
function count(memory: JsonObject): number {
  return typeof memory.count === "number" ? memory.count : 0;
}
export default defineRules({
  filterAction(action, context) {
    context.memory.count = count(context.memory) + 1;
    if (action.name === "submit" && count(context.memory) < limit) return { block: "not yet: " + phrases[0] };
  },
  modifyTransition: (action, transition, context) => ({ text: transition.observation.text + String(context.turn) }),
});
`);
    expect(result.issues).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.hooks).toEqual({ filterAction: true, modifyTransition: true, filterObservation: false });
    expect(result.usesState).toBe(false);
  });

  it("reports type errors with their line", () => {
    const result = checkComponentSource(withFilterAction(`    const name: number = action.name;`));
    expect(result.ok).toBe(false);
    expect(result.issues).toEqual([expect.objectContaining({ code: "type-error", line: 4 })]);
    expect(result.issues[0]?.message).toContain("not assignable to type 'number'");
  });

  it("reports syntax errors", () => {
    const result = checkComponentSource("export default defineRules({ filterAction(action) { return ( } });");
    expect(codes(result.issues)).toContain("syntax-error");
  });

  it("refuses a source over the size limits without compiling it", () => {
    const long = withFilterAction("", "const text = 'x';\n".repeat(componentSourceLimits.lines));
    expect(checkComponentSource(long).issues).toEqual([expect.objectContaining({ code: "too-large" })]);
    const wide = withFilterAction(`    const text = "${"y".repeat(componentSourceLimits.bytes)}";`);
    expect(codes(checkComponentSource(wide).issues)).toEqual(["too-large"]);
  });

  it("requires export default defineRules({ ... }) with known hooks", () => {
    expect(codes(checkComponentSource("const x = 1;").issues)).toEqual(["bad-shape"]);
    expect(codes(checkComponentSource("export default { filterAction() {} };").issues)).toContain("bad-shape");
    const misspelled = checkComponentSource("export default defineRules({ filterActions() {} });");
    expect(codes(misspelled.issues)).toEqual(expect.arrayContaining(["bad-shape", "no-hooks"]));
    expect(misspelled.issues.find((issue) => issue.code === "bad-shape")?.message).toContain(
      "unknown hook `filterActions`",
    );
    expect(codes(checkComponentSource("export default defineRules({});").issues)).toEqual(["no-hooks"]);
    const spread = checkComponentSource("const hooks = {};\nexport default defineRules({ ...hooks });");
    expect(codes(spread.issues)).toContain("bad-shape");
  });

  it("accepts hooks given as names of top-level functions", () => {
    const result = checkComponentSource(`
function filterObservation(observation: Observation, context: HookContext) {
  return { text: observation.text + context.turn };
}
const filterAction = (action: Action) => (action.name === "rm" ? { block: "no" } : undefined);
export default defineRules({ filterObservation, filterAction: filterAction });
`);
    expect(result.issues).toEqual([]);
    expect(result.hooks).toEqual({ filterAction: true, modifyTransition: false, filterObservation: true });
    expect(result.usesState).toBe(false);
  });

  it("refuses extra exports and imports", () => {
    expect(forbidden(`export const x = 1;\n${withFilterAction("")}`)).toHaveLength(1);
    expect(forbidden(`import { readFileSync } from "node:fs";\n${withFilterAction("")}`)[0]?.message).toContain(
      "imports",
    );
  });

  it("finds constructor access through constant computed keys and templates", () => {
    const messages = forbidden(
      withFilterAction(`
    const viaPlus = (context.memory as Record<string, unknown>)["constr" + "uctor"];
    const viaTemplate = (context.memory as Record<string, unknown>)[\`proto\${"type"}\`];
    const { constructor } = context.memory;`),
    ).map((issue) => issue.message);
    expect(messages).toHaveLength(3);
    expect(messages.join("\n")).toContain("`constructor`");
    expect(messages.join("\n")).toContain("`prototype`");
  });

  it("refuses computed access on globals but not on local values", () => {
    expect(
      forbidden(withFilterAction(`    const key = action.name; const value = (Math as unknown as JsonObject)[key];`)),
    ).toHaveLength(1);
    expect(forbidden(withFilterAction(`    const key = action.name; const value = context.memory[key];`))).toEqual([]);
  });

  it("allows property names that look like forbidden globals", () => {
    const result = checkComponentSource(
      withFilterAction(
        `    const value = { process: 1, Date: 2 }; const text = action.args.process; context.memory.window = value.process;`,
      ),
    );
    expect(result.issues).toEqual([]);
  });

  it("refuses module-level mutable state and writes into module-level constants", () => {
    const letIssues = forbidden(`let calls = 0;\n${withFilterAction("    calls += 1;")}`);
    expect(letIssues).toEqual([expect.objectContaining({ line: 1, message: expect.stringContaining("`let`/`var`") })]);
    const write = forbidden(withFilterAction("    counter.n += 1;", "const counter = { n: 0 };"));
    expect(write).toEqual([expect.objectContaining({ line: 4, message: expect.stringContaining("`counter`") })]);
    const initializers = forbidden(
      `const seen = new Set<string>();\nconst words = "a b".split(" ");\nconst pattern = /x/g;\n${withFilterAction("")}`,
    );
    expect(initializers.map((issue) => issue.line)).toEqual([1, 2, 3]);
    expect(forbidden(`context;\n${withFilterAction("")}`)[0]?.message).toContain("only declarations");
  });

  it("does not confuse a local variable with a module-level constant of the same name", () => {
    const result = checkComponentSource(
      withFilterAction("    const counter = { n: 0 }; counter.n += 1;", "const counter = { n: 0 };"),
    );
    expect(result.issues).toEqual([]);
  });

  it("refuses comments that switch the type check off, and references to other libraries", () => {
    const ignored = forbidden(withFilterAction("    // @ts-ignore\n    const n: number = action.name;"));
    expect(ignored).toEqual([expect.objectContaining({ line: 4, message: expect.stringContaining("`@ts-ignore`") })]);
    expect(forbidden(`/* @ts-nocheck */\n${withFilterAction("")}`)).toHaveLength(1);
    const referenced = checkComponentSource(`/// <reference lib="dom" />\n${withFilterAction("    window.alert(1);")}`);
    expect(referenced.issues).toEqual([
      expect.objectContaining({
        code: "forbidden-construct",
        line: 1,
        message: expect.stringContaining("<reference>"),
      }),
    ]);
  });

  it("refuses async hooks, generators, this and classes", () => {
    expect(
      forbidden("export default defineRules({ async filterAction(action) { return undefined; } });")[0]?.message,
    ).toContain("async");
    expect(forbidden(withFilterAction("    function* numbers() { yield 1; }")).length).toBeGreaterThanOrEqual(1);
    expect(forbidden(withFilterAction("    class Box {}"))[0]?.message).toContain("classes");
  });

  describe("usesState", () => {
    const usesState = (source: string) => checkComponentSource(source).usesState;

    it("is true when a hook reads context.state", () => {
      expect(usesState(withFilterAction("    if (context.state.done) return { block: 'done' };"))).toBe(true);
    });

    it("is true when the context is passed on, aliased or destructured with state or a rest", () => {
      expect(
        usesState(
          withFilterAction("    helper(context);", "function helper(value: HookContext) { return value.turn; }"),
        ),
      ).toBe(true);
      expect(usesState(withFilterAction("    const alias = context; const turn = alias.turn;"))).toBe(true);
      expect(usesState("export default defineRules({ filterAction(action, { state }) { return undefined; } });")).toBe(
        true,
      );
      expect(
        usesState("export default defineRules({ filterAction(action, { memory, ...rest }) { return undefined; } });"),
      ).toBe(true);
      expect(usesState("export default defineRules({ filterAction(...values) { return undefined; } });")).toBe(true);
    });

    it("is false when hooks only read other members of the context", () => {
      expect(usesState(withFilterAction("    context.memory.turn = context.turn + context.random();"))).toBe(false);
      expect(
        usesState("export default defineRules({ filterAction(action, { memory, turn }) { memory.t = turn; } });"),
      ).toBe(false);
      expect(usesState("export default defineRules({ filterObservation(observation) { return undefined; } });")).toBe(
        false,
      );
      expect(
        usesState(
          "export default defineRules({ modifyTransition(action, transition, context) { return { text: transition.observation.text }; } });",
        ),
      ).toBe(false);
    });

    it("is true when a hook's function cannot be found", () => {
      const chosen = `
const quiet = (action: Action) => undefined;
const loud = (action: Action) => ({ block: action.name });
const filterAction = quiet.length > 0 ? quiet : loud;
export default defineRules({ filterAction });`;
      expect(checkComponentSource(chosen).issues).toEqual([]);
      expect(usesState(chosen)).toBe(true);
    });
  });
});
