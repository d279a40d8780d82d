import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { transpileComponent } from "./transpile-component.js";

/** Evaluate a transpiled script in a plain VM context and run its factory. */
function runFactory(script: string): { component: unknown; hardened: unknown[] } {
  const factory = runInNewContext(script, { defineRules: (rules: unknown) => rules }) as (
    harden: (values: unknown[]) => void,
  ) => unknown;
  const hardened: unknown[] = [];
  const component = factory((values) => hardened.push(...values));
  return { component, hardened };
}

describe("transpileComponent", () => {
  it("turns the module into a strict factory that hardens every top-level value", () => {
    const result = transpileComponent(`
type Label = "a" | "b";
const label: Label = "a";
const { first, second: [inner] } = { first: 1, second: [2] };
function shout(text: string): string { return text.toUpperCase(); }
export default defineRules({
  filterObservation(observation: Observation) { return { text: shout(observation.text) + label + first + inner }; },
});`);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.script.startsWith('(function (__envriggerHarden) {\n"use strict";')).toBe(true);
    expect(result.script).not.toContain("export");
    expect(result.script).not.toContain("Label");
    const { component, hardened } = runFactory(result.script);
    const hooks = component as { filterObservation(observation: { text: string }): { text: string } };
    expect(hooks.filterObservation({ text: "hi" })).toEqual({ text: "HIa12" });
    expect(hardened).toHaveLength(4);
    expect(hardened).toContain("a");
    expect(hardened.some((value) => typeof value === "function")).toBe(true);
  });

  it("refuses imports, other exports and a missing default export", () => {
    const imported = transpileComponent(
      `import { x } from "y";\nexport default defineRules({ filterAction: () => x });`,
    );
    expect(imported).toEqual({ ok: false, issues: [expect.objectContaining({ code: "bad-shape" })] });
    const named = transpileComponent(`export const y = 1;\nexport default defineRules({});`);
    expect(named.ok).toBe(false);
    const missing = transpileComponent(`const y = 1;`);
    expect(missing).toEqual({ ok: false, issues: [expect.objectContaining({ code: "bad-shape" })] });
  });

  it("reports syntax errors with their line", () => {
    const result = transpileComponent(`const a = 1;\nconst = ;\nexport default defineRules({});`);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]).toEqual(expect.objectContaining({ code: "syntax-error", line: 2 }));
  });
});
