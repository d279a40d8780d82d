import type ivm from "isolated-vm";
import { isolatedVm } from "../isolate/load-isolated-vm.js";
import { z } from "zod";
import { EnvriggerError } from "../../core/errors.js";
import { formatIssues } from "../../core/validate.js";
import type { ComponentHooks } from "./component-hooks.js";
import type { ComponentIssue } from "./component-issue.js";
import { configureHookBudget } from "./configure-hook-budget.js";
import { hookInputMasks, wholeInputMasks, type HookInputMasks } from "./hook-input-masks.js";
import { GroupCallInputs } from "./group-call-inputs.js";
import { classifyIsolateFailure } from "../isolate/isolate-failure.js";
import { compileRulesBootstrap } from "./rules-bootstrap-cache.js";
import { rulesSandboxOptionsSchema, type RulesSandboxOptions } from "./rules-sandbox-options.js";
import { SandboxRulesGroup, type RulesGroupApi } from "./sandbox-rules-group.js";
import type { HookInputs } from "./static-check/static-check-hook-inputs.js";
import { bootstrapFunction } from "./bootstrap-function.js";

/** What the sandbox's `loadMember` answers. */
const loadAnswerSchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), hooks: z.tuple([z.boolean(), z.boolean(), z.boolean()]) }),
  z.object({ ok: z.literal(false), code: z.enum(["threw", "bad-shape", "no-hooks"]), message: z.string() }),
]);

/** Heap each component beyond the first adds to the group's limit (its code and small memory), in MB. */
const memberHeapMb = 4;

/** One component of a group: its transpiled script, whether its hooks read state and what parts of their inputs they may read. */
export interface GroupComponentScript {
  script: string;
  usesState?: boolean;
  /** From the static check (`ComponentCheck.inputs`); absent: every input is read as a whole. */
  inputs?: HookInputs;
}

/** A loaded group, or the first component that could not be loaded (its index) and why. */
export type RulesGroupSandbox =
  | { ok: true; group: SandboxRulesGroup }
  | { ok: false; index: number; issues: ComponentIssue[] };

/**
 * Load one or more transpiled components (innermost layer first) into one fresh isolate
 * for consecutive Rules layers (see {@link SandboxRulesGroup}; a single layer is a group of
 * one; the Rules group engine `loadRulesGroup` calls this on its thread, a worker of the
 * pool on its own): the hardened bootstrap (see `rulesBootstrapScript`), then each
 * component's module evaluated and its factory run under the load timeout, in its own
 * closure, and checked. Components share no mutable state (the
 * global object, every intrinsic and each component's module values are frozen; each hook
 * gets its own parsed inputs and memory, built with only the parts its static check says it
 * may read). The heap limit is one component's limit plus
 * {@link memberHeapMb} per further component: only the component that runs allocates
 * beyond its small kept memory, so each one can still use about one component's limit.
 * Problems of a component come back as issues with its index (the isolate is then
 * disposed); a broken bootstrap (a bug here) throws `SANDBOX`.
 */
export function createRulesGroupSandbox(
  components: readonly GroupComponentScript[],
  options: RulesSandboxOptions = {},
): RulesGroupSandbox {
  const parsed = rulesSandboxOptionsSchema.safeParse(options);
  if (!parsed.success)
    throw new EnvriggerError("BAD_ARGUMENT", `invalid Rules sandbox options: ${formatIssues(parsed.error)}`);
  if (components.length === 0) throw new EnvriggerError("BAD_ARGUMENT", "a Rules group needs at least one component");
  const resolved = parsed.data;
  const isolate = new (isolatedVm().Isolate)({
    memoryLimit: resolved.memoryLimitMb + memberHeapMb * (components.length - 1),
  });
  const fail = (index: number, issue: ComponentIssue): RulesGroupSandbox => {
    if (!isolate.isDisposed) isolate.dispose();
    return { ok: false, index, issues: [issue] };
  };

  let loadMember: ivm.Reference;
  let api: RulesGroupApi;
  let context: ivm.Context;
  const marker = new Int32Array(new SharedArrayBuffer(8));
  const inputs = new GroupCallInputs(components.length);
  try {
    context = isolate.createContextSync();
    const bootstrapApi = compileRulesBootstrap(isolate).runSync(context, { reference: true });
    loadMember = bootstrapFunction(bootstrapApi, "loadMember");
    api = {
      filterActions: bootstrapFunction(bootstrapApi, "filterActions"),
      transitions: bootstrapFunction(bootstrapApi, "transitions"),
      observations: bootstrapFunction(bootstrapApi, "observations"),
      groupProgress: bootstrapFunction(bootstrapApi, "groupProgress"),
      saveMembers: bootstrapFunction(bootstrapApi, "saveMembers"),
      restoreMembers: bootstrapFunction(bootstrapApi, "restoreMembers"),
    };
    const configure: ivm.Reference = bootstrapFunction(bootstrapApi, "configureGroup");
    configure.applySync(undefined, [
      new (isolatedVm().ExternalCopy)(marker.buffer).copyInto({ release: true }),
      new (isolatedVm().ExternalCopy)(inputs.numbers.buffer).copyInto({ release: true }),
    ]);
    configureHookBudget(bootstrapApi, resolved.timeoutMs);
  } catch (error) {
    if (!isolate.isDisposed) isolate.dispose();
    throw new EnvriggerError("SANDBOX", "the Rules sandbox bootstrap failed", { cause: error });
  }

  const hooks: ComponentHooks[] = [];
  const masks: HookInputMasks[] = [];
  for (const [index, component] of components.entries()) {
    let answer: unknown;
    const componentMasks = component.inputs === undefined ? wholeInputMasks : hookInputMasks(component.inputs);
    masks.push(componentMasks);
    try {
      const factory = isolate
        .compileScriptSync(component.script, { filename: `component-${index}.js` })
        .runSync(context, { reference: true, timeout: resolved.loadTimeoutMs });
      answer = loadMember.applySync(
        undefined,
        [factory.derefInto(), component.usesState ?? true, JSON.stringify(componentMasks)],
        { timeout: resolved.loadTimeoutMs },
      );
    } catch (error) {
      const failure = classifyIsolateFailure(error, isolate);
      if (failure.kind === "timeout")
        return fail(index, {
          code: "timeout",
          message: `loading the component took longer than ${resolved.loadTimeoutMs} ms`,
        });
      if (failure.kind === "memory")
        return fail(index, {
          code: "memory",
          message: `loading the component ran out of memory (limit ${resolved.memoryLimitMb} MB)`,
        });
      return fail(index, { code: "threw", message: `loading the component failed: ${failure.message}` });
    }
    const loaded = loadAnswerSchema.safeParse(typeof answer === "string" ? JSON.parse(answer) : answer);
    if (!loaded.success)
      return fail(index, { code: "bad-shape", message: `the component did not load: ${formatIssues(loaded.error)}` });
    if (!loaded.data.ok) return fail(index, { code: loaded.data.code, message: loaded.data.message });
    const [filterAction, modifyTransition, filterObservation] = loaded.data.hooks;
    hooks.push({ filterAction, modifyTransition, filterObservation });
  }
  const usesState = components.map((component) => component.usesState ?? true);
  return { ok: true, group: new SandboxRulesGroup(isolate, api, hooks, usesState, marker, resolved, masks, inputs) };
}
