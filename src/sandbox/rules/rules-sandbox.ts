import type ivm from "isolated-vm";
import { isolatedVm } from "../isolate/load-isolated-vm.js";
import { z } from "zod";
import { EnvriggerError } from "../../core/errors.js";
import { formatIssues } from "../../core/validate.js";
import type { ComponentIssue } from "./component-issue.js";
import { classifyIsolateFailure } from "../isolate/isolate-failure.js";
import { compileRulesBootstrap } from "./rules-bootstrap-cache.js";
import { configureHookBudget } from "./configure-hook-budget.js";
import { rulesSandboxOptionsSchema, type RulesSandboxOptions } from "./rules-sandbox-options.js";
import { SandboxRulesRuntime, type RulesSandboxApi } from "./rules-sandbox-runtime.js";
import { bootstrapFunction } from "./bootstrap-function.js";

/** What the sandbox's `load` answers. */
const loadAnswerSchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), hooks: z.tuple([z.boolean(), z.boolean(), z.boolean()]) }),
  z.object({ ok: z.literal(false), code: z.enum(["threw", "bad-shape", "no-hooks"]), message: z.string() }),
]);

/** Options of {@link createRulesSandbox}. */
export interface CreateRulesSandboxOptions extends RulesSandboxOptions {
  /** What the runtime reports as `usesState` (from the static check); default true. */
  usesState?: boolean;
}

/** A loaded sandbox, or why the component could not be loaded. */
export type RulesSandbox = { ok: true; runtime: SandboxRulesRuntime } | { ok: false; issues: ComponentIssue[] };

/** An issue for a failed isolate call while loading. */
function loadIssue(
  error: unknown,
  isolate: ivm.Isolate,
  options: { loadTimeoutMs: number; memoryLimitMb: number },
): ComponentIssue {
  const failure = classifyIsolateFailure(error, isolate);
  if (failure.kind === "timeout")
    return { code: "timeout", message: `loading the component took longer than ${options.loadTimeoutMs} ms` };
  if (failure.kind === "memory")
    return { code: "memory", message: `loading the component ran out of memory (limit ${options.memoryLimitMb} MB)` };
  return { code: "threw", message: `loading the component failed: ${failure.message}` };
}

/**
 * Load a transpiled component script (the output of `transpileComponent`) into a fresh
 * isolate: create it with the memory limit, run the hardening bootstrap (see
 * `rulesBootstrapScript`; compiled from V8's code cache after the first isolate, see
 * `compileRulesBootstrap`), evaluate the script and run its factory under the load timeout,
 * and check the exported hooks. The only host reference passed into the isolate is the
 * bootstrap's private CPU clock (see `configureHookBudget`), out of component code's reach. Problems
 * of the component come back as issues (the isolate is then disposed); only a broken
 * bootstrap (a bug here) throws, as `SANDBOX`.
 *
 * This runs no static check: use `loadRulesComponent` for designer source. It is exported
 * for the sandbox's own tests, which use it to check the run-time defences directly.
 */
export function createRulesSandbox(script: string, options: CreateRulesSandboxOptions = {}): RulesSandbox {
  const { usesState = true, ...rest } = options;
  const parsed = rulesSandboxOptionsSchema.safeParse(rest);
  if (!parsed.success)
    throw new EnvriggerError("BAD_ARGUMENT", `invalid Rules sandbox options: ${formatIssues(parsed.error)}`);
  const resolved = parsed.data;
  const isolate = new (isolatedVm().Isolate)({ memoryLimit: resolved.memoryLimitMb });
  const fail = (issue: ComponentIssue): RulesSandbox => {
    if (!isolate.isDisposed) isolate.dispose();
    return { ok: false, issues: [issue] };
  };

  let load: ivm.Reference;
  let api: RulesSandboxApi;
  let context: ivm.Context;
  try {
    context = isolate.createContextSync();
    const bootstrapApi = compileRulesBootstrap(isolate).runSync(context, { reference: true });
    load = bootstrapFunction(bootstrapApi, "load");
    api = {
      call: bootstrapFunction(bootstrapApi, "call"),
      callTransitionThenObservation: bootstrapFunction(bootstrapApi, "callTransitionThenObservation"),
      progress: bootstrapFunction(bootstrapApi, "progress"),
    };
    configureHookBudget(bootstrapApi, resolved.timeoutMs);
  } catch (error) {
    if (!isolate.isDisposed) isolate.dispose();
    throw new EnvriggerError("SANDBOX", "the Rules sandbox bootstrap failed", { cause: error });
  }

  let answer: unknown;
  try {
    const factory = isolate
      .compileScriptSync(script, { filename: "component.js" })
      .runSync(context, { reference: true, timeout: resolved.loadTimeoutMs });
    answer = load.applySync(undefined, [factory.derefInto()], { timeout: resolved.loadTimeoutMs });
  } catch (error) {
    return fail(loadIssue(error, isolate, resolved));
  }
  const loaded = loadAnswerSchema.safeParse(typeof answer === "string" ? JSON.parse(answer) : answer);
  if (!loaded.success)
    return fail({ code: "bad-shape", message: `the component did not load: ${formatIssues(loaded.error)}` });
  if (!loaded.data.ok) return fail({ code: loaded.data.code, message: loaded.data.message });
  const [filterAction, modifyTransition, filterObservation] = loaded.data.hooks;
  const hooks = { filterAction, modifyTransition, filterObservation };
  return { ok: true, runtime: new SandboxRulesRuntime(isolate, api, hooks, usesState, resolved) };
}
