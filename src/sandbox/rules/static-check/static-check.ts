import type { ComponentHooks } from "../component-hooks.js";
import type { ComponentIssue, ComponentIssueCode } from "../component-issue.js";
import { findCompilerDirectives } from "./static-check-directives.js";
import { findForbiddenConstructs } from "./static-check-forbidden.js";
import { findModuleState } from "./static-check-module-state.js";
import { compileComponent } from "./static-check-project.js";
import { readHookInputs, wholeHookInputs, type HookInputs } from "./static-check-hook-inputs.js";
import { checkComponentShape } from "./static-check-shape.js";
import { readsState } from "./static-check-uses-state.js";

/** Size limits of a component's source. */
export const componentSourceLimits = {
  /** UTF-8 bytes. */
  bytes: 32 * 1024,
  lines: 1_000,
} as const;

/** The verdict of {@link checkComponentSource}. */
export interface ComponentCheck {
  /** True when there is no issue: the component may be loaded. */
  ok: boolean;
  /** Every problem found, most structural first, then by line. */
  issues: ComponentIssue[];
  /** False only when no hook can read `context.state` (see `readsState`). */
  usesState: boolean;
  /** Which hooks the component defines. */
  hooks: ComponentHooks;
  /** Which parts of its inputs each hook may read (see `readHookInputs`); the sandbox copies only those. */
  inputs: HookInputs;
}

const codeOrder: ComponentIssueCode[] = [
  "too-large",
  "bad-shape",
  "no-hooks",
  "forbidden-construct",
  "syntax-error",
  "type-error",
];

function byPriority(left: ComponentIssue, right: ComponentIssue): number {
  const order = codeOrder.indexOf(left.code) - codeOrder.indexOf(right.code);
  return order !== 0 ? order : (left.line ?? 0) - (right.line ?? 0);
}

/**
 * Check the source of a Rules component without running it: size limits and compiler
 * directives (`@ts-ignore`, `/// <reference>`), then a type check against the declared
 * harness API (`harness-api.d.ts`), forbidden constructs
 * (imports, host globals, code from strings, reflection and prototype access, clocks and
 * `Math.random`, async code, module-level mutable state, …) and the module's shape
 * (`export default defineRules({ hooks })`, at least one hook). Also finds which hooks
 * exist, whether any may read `context.state` and which parts of its inputs each may read.
 *
 * Never throws for a problem in the source: every problem is an issue. Reuses one compiler
 * across calls, so only the first check pays for loading the TypeScript library.
 */
export function checkComponentSource(source: string): ComponentCheck {
  const noHooks: ComponentHooks = { filterAction: false, modifyTransition: false, filterObservation: false };
  const bytes = Buffer.byteLength(source, "utf8");
  const lines = source.split("\n").length;
  if (bytes > componentSourceLimits.bytes || lines > componentSourceLimits.lines) {
    const message = `the component is too large (${bytes} bytes, ${lines} lines; the limits are ${componentSourceLimits.bytes} bytes and ${componentSourceLimits.lines} lines): keep it small and targeted`;
    return {
      ok: false,
      issues: [{ code: "too-large", message }],
      usesState: true,
      hooks: noHooks,
      inputs: wholeHookInputs,
    };
  }
  const directives = findCompilerDirectives(source);
  if (directives.referencesOtherFiles)
    return { ok: false, issues: directives.issues, usesState: true, hooks: noHooks, inputs: wholeHookInputs };
  const compiled = compileComponent(source);
  const shape = checkComponentShape(compiled.sourceFile);
  const issues = [
    ...directives.issues,
    ...shape.issues,
    ...findForbiddenConstructs(compiled.sourceFile, compiled.checker),
    ...findModuleState(compiled.sourceFile, compiled.checker),
    ...compiled.issues,
  ].sort(byPriority);
  return {
    ok: issues.length === 0,
    issues,
    usesState: readsState(shape.hookFunctions),
    hooks: shape.hooks,
    inputs: readHookInputs(shape.hookFunctions),
  };
}
