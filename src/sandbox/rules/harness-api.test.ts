import { describe, expect, it } from "vitest";
import { harnessApiDeclaration } from "./harness-api.js";
import { checkComponentSource } from "./static-check/static-check.js";
import { globalHarnessDeclaration, harnessDeclarationDiagnostics } from "./static-check/static-check-project.js";

describe("harness API declaration", () => {
  it("compiles without errors as the global script components see", () => {
    expect(globalHarnessDeclaration()).not.toMatch(/^\s*export\b/m);
    expect(globalHarnessDeclaration()).toContain("declare function defineRules(rules: Rules): Rules;");
    expect(harnessDeclarationDiagnostics()).toEqual([]);
  });

  it("declares the hook signatures, the context and the read-only transition", () => {
    for (const name of [
      "filterAction?(",
      "modifyTransition?(",
      "filterObservation?(",
      "interface HookContext",
      "interface TransitionPatch",
    ]) {
      expect(harnessApiDeclaration).toContain(name);
    }
    const readsOnly = checkComponentSource(`
export default defineRules({
  modifyTransition(action, transition, context) {
    transition.reward = 1;
    context.turn = 2;
    return undefined;
  },
});`);
    expect(readsOnly.issues.map((issue) => [issue.code, issue.line])).toEqual([
      ["type-error", 4],
      ["type-error", 5],
    ]);
  });

  it("makes state deeply read-only", () => {
    const result = checkComponentSource(`
export default defineRules({
  filterAction(action, context) {
    context.state.files = [];
    (context.state.list as readonly ReadonlyJson[]).push("x");
    (context.state.nested as ReadonlyJsonObject).key = 1;
  },
});`);
    expect(result.issues.map((issue) => [issue.code, issue.line])).toEqual([
      ["type-error", 4],
      ["type-error", 5],
      ["type-error", 6],
    ]);
  });

  it("offers only what is declared: host and newer runtime APIs are type errors", () => {
    const result = checkComponentSource(`
export default defineRules({
  filterAction(action, context) {
    const copy = structuredClone(action);
    const buffer = new TextEncoder();
  },
});`);
    expect(result.issues.map((issue) => [issue.code, issue.line])).toEqual([
      ["type-error", 4],
      ["type-error", 5],
    ]);
  });
});
