import type { RulesGroupRuntime } from "../../harness/rules-group-runtime.js";
import type { RulesRuntime } from "../../harness/rules-runtime.js";
import type { ComponentIssue } from "./component-issue.js";
import { createRulesGroupSandbox, type GroupComponentScript } from "./create-rules-group-sandbox.js";
import type { RulesSandboxOptions } from "./rules-sandbox-options.js";
import type { ComponentCheck } from "./static-check/static-check.js";
import { prepareComponent } from "./prepared-component.js";

/** A component that passed every check and is loaded (a group of one, see `loadRulesComponent`). */
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
 * Threads that run Rules groups off the caller's thread: `RulesGroupPool` (see
 * `sharedRulesGroupPool`), which loads each group's isolate on one of its worker threads.
 */
export interface RulesGroupWorkers {
  load(
    components: GroupComponentScript[],
    options: RulesSandboxOptions,
  ): Promise<LoadedRulesGroup | RejectedRulesGroup>;
}

/** Options of the Rules group engine: the sandbox's limits, and where the group runs. */
export interface RulesGroupEngineOptions extends RulesSandboxOptions {
  /**
   * Run the group's isolate on a worker thread of these (each call a message, so a hook
   * that loops holds a pool thread, never this thread's event loop): for servers of many
   * sessions (`envrigger serve`). Absent (the default): on this thread, each hook phase one
   * synchronous call.
   */
  workers?: RulesGroupWorkers;
}

/** Load checked and transpiled components (innermost first) as one group, where `options.workers` says. */
async function placeGroup(
  components: GroupComponentScript[],
  options: RulesGroupEngineOptions,
): Promise<LoadedRulesGroup | RejectedRulesGroup> {
  const { workers, ...sandbox } = options;
  if (workers) return workers.load(components, sandbox);
  const loaded = createRulesGroupSandbox(components, sandbox);
  return loaded.ok ? { ok: true, group: loaded.group } : loaded;
}

/**
 * The one engine that runs Rules in the product: load the sources of consecutive Rules
 * layers (innermost first) as one group — one isolate, one call per hook phase for all of
 * them (see `SandboxRulesGroup`); a single layer is a group of one. Each source is checked
 * and transpiled once (see `prepareComponent`); the first that fails is reported with its
 * index. The isolate runs on this thread (`rig`, `curriculum`, `measure`, `train`, queue
 * workers) or, given `workers`, on a worker thread (`envrigger serve`); the group computes
 * the same either way.
 */
export async function loadRulesGroup(
  sources: readonly string[],
  options: RulesGroupEngineOptions = {},
): Promise<LoadedRulesGroup | RejectedRulesGroup> {
  const components = prepareGroupComponents(sources);
  if (!Array.isArray(components)) return components;
  return placeGroup(components, options);
}

/**
 * Load one designer-written Rules component: static check (types against the harness API,
 * forbidden constructs, shape, size) and transpile (both once per distinct source, see
 * `prepareComponent`), then {@link loadRulesGroup}'s engine with a group of one (memory
 * limit, CPU-time budget per hook, hardened and frozen environment). The runtime is the
 * group's only member, meant to be reused across episodes; `dispose()` it when done.
 * Problems in the component come back as issues, never as exceptions.
 */
export async function loadRulesComponent(
  source: string,
  options: RulesGroupEngineOptions = {},
): Promise<LoadedRulesComponent | RejectedRulesComponent> {
  const prepared = prepareComponent(source);
  if (!prepared.ok) return { ok: false, issues: prepared.issues };
  const { script, check } = prepared;
  const loaded = await placeGroup([{ script, usesState: check.usesState, inputs: check.inputs }], options);
  if (!loaded.ok) return { ok: false, issues: loaded.issues };
  return { ok: true, runtime: loaded.group.members[0]!, check };
}

/**
 * Check and transpile the sources of a group (innermost first), each once per distinct
 * source (see `prepareComponent`): their scripts, or the first one that fails, by index.
 * The Rules group engine (`loadRulesGroup`) loads what this returns.
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
