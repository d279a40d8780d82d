import type { RulesGroupRuntime } from "../../harness/rules-group-runtime.js";
import type { RulesRuntime } from "../../harness/rules-runtime.js";
import type { ComponentIssue } from "./component-issue.js";
import { createRulesGroupSandbox, type GroupComponentScript } from "./create-rules-group-sandbox.js";
import { createRulesSandbox } from "./rules-sandbox.js";
import type { RulesSandboxOptions } from "./rules-sandbox-options.js";
import type { ComponentCheck } from "./static-check/static-check.js";
import { prepareComponent } from "./prepared-component.js";

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
 * forbidden constructs, shape, size), transpile (both once per distinct source, see
 * `prepareComponent`), then load into its own isolate (memory
 * limit, per-call timeout, hardened and frozen environment). The runtime is meant to be
 * reused across episodes; `dispose()` it when done. Problems in the component come back as
 * issues, never as exceptions.
 */
export async function loadRulesComponent(
  source: string,
  options: RulesSandboxOptions = {},
): Promise<LoadedRulesComponent | RejectedRulesComponent> {
  const prepared = prepareComponent(source);
  if (!prepared.ok) return { ok: false, issues: prepared.issues };
  const sandbox = createRulesSandbox(prepared.script, { ...options, usesState: prepared.check.usesState });
  if (!sandbox.ok) return { ok: false, issues: sandbox.issues };
  return { ok: true, runtime: sandbox.runtime, check: prepared.check };
}

/** Consecutive components that passed every check, loaded together in one isolate. */
export interface LoadedRulesGroup {
  ok: true;
  /** The group (innermost layer first); dispose every member when done. */
  group: RulesGroupRuntime;
}

/** The first component (by index, innermost first) that could not be loaded, and why. */
export interface RejectedRulesGroup {
  ok: false;
  index: number;
  issues: ComponentIssue[];
}

/**
 * Load the components of consecutive Rules layers (innermost first) into one isolate, for
 * a stack whose layers should cross into the sandbox once per hook phase instead of once
 * per layer (see `SandboxRulesGroup`): each source is checked and transpiled exactly as by
 * {@link loadRulesComponent}; the first one that fails is reported with its index.
 */
export async function loadRulesGroup(
  sources: readonly string[],
  options: RulesSandboxOptions = {},
): Promise<LoadedRulesGroup | RejectedRulesGroup> {
  const scripts = prepareGroupComponents(sources);
  if (!Array.isArray(scripts)) return scripts;
  const sandbox = createRulesGroupSandbox(scripts, options);
  if (!sandbox.ok) return sandbox;
  return { ok: true, group: sandbox.group };
}

/**
 * Check and transpile the sources of a group (innermost first) as {@link loadRulesComponent}
 * does (once per distinct source): their scripts, or the first one that fails, by index.
 */
export function prepareGroupComponents(sources: readonly string[]): GroupComponentScript[] | RejectedRulesGroup {
  const scripts: GroupComponentScript[] = [];
  for (const [index, source] of sources.entries()) {
    const prepared = prepareComponent(source);
    if (!prepared.ok) return { ok: false, index, issues: prepared.issues };
    scripts.push({ script: prepared.script, usesState: prepared.check.usesState, inputs: prepared.check.inputs });
  }
  return scripts;
}
