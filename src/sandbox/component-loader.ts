import type { RulesRuntime } from "../harness/rules-runtime.js";
import type { ComponentIssue } from "./component-issue.js";
import { createRulesSandbox } from "./rules-sandbox.js";
import type { RulesSandboxOptions } from "./rules-sandbox-options.js";
import { checkComponentSource, type ComponentCheck } from "./static-check.js";
import { transpileComponent } from "./transpile-component.js";

/** A component that passed every check and is loaded in its own isolate. */
export interface LoadedRulesComponent {
  ok: true;
  /** The loaded component; dispose it when done. */
  runtime: RulesRuntime;
  /** The static check's verdict (hooks, `usesState`). */
  check: ComponentCheck;
}

/** A component that could not be loaded, and why. */
export interface RejectedRulesComponent {
  ok: false;
  issues: ComponentIssue[];
}

/**
 * Load a designer-written Rules component: static check (types against the harness API,
 * forbidden constructs, shape, size), transpile, then load into its own isolate (memory
 * limit, per-call timeout, hardened and frozen environment). The runtime is meant to be
 * reused across episodes; `dispose()` it when done. Problems in the component come back as
 * issues, never as exceptions.
 */
export async function loadRulesComponent(
  source: string,
  options: RulesSandboxOptions = {},
): Promise<LoadedRulesComponent | RejectedRulesComponent> {
  const check = checkComponentSource(source);
  if (!check.ok) return { ok: false, issues: check.issues };
  const transpiled = transpileComponent(source);
  if (!transpiled.ok) return { ok: false, issues: transpiled.issues };
  const sandbox = createRulesSandbox(transpiled.script, { ...options, usesState: check.usesState });
  if (!sandbox.ok) return { ok: false, issues: sandbox.issues };
  return { ok: true, runtime: sandbox.runtime, check };
}
