import { EnvriggerError, errorMessage } from "../core/errors.js";
import type { JsonObject } from "../core/json.js";
import { formatIssues } from "../core/validate.js";
import type { GroupHookResult } from "./rules-group-runtime.js";
import {
  rulesHookOutputReaders,
  rulesHookOutputSchemas,
  type RulesHookName,
  type RulesHookOutput,
} from "./rules-hook-output-schemas.js";
import type { HookResult } from "./rules-runtime.js";

/** A checked hook result: the value and the memory after the call. */
export interface CheckedHookResult<T> {
  value: T;
  memory: JsonObject;
}

/** The `COMPONENT_RUNTIME` error of a failed hook call. */
function hookError(layer: string, hook: RulesHookName, code: string, message: string, fatal: boolean): EnvriggerError {
  return new EnvriggerError("COMPONENT_RUNTIME", `${layer} hook ${hook} failed (${code}): ${message}`, {
    hint: fatal ? "the component's sandbox is gone; the episode cannot continue" : "fix the Rules component's code",
    details: { layer, hook, failureCode: code, failure: message, fatal },
  });
}

/**
 * Check one part of a hook's output: the fast reader answers for plainly right values; for
 * anything else the schema decides (and words what is wrong).
 */
function checkOutput(
  part: RulesHookName | "memory",
  value: unknown,
): { success: true; data: unknown } | { success: false; message: string } {
  const fast = rulesHookOutputReaders[part](value);
  if (fast !== undefined) return { success: true, data: fast };
  const parsed = rulesHookOutputSchemas[part].safeParse(value);
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, message: formatIssues(parsed.error) };
}

/**
 * Check a settled Rules hook result against the hook's schema (a fast hand-written check
 * for plainly right values, the schema itself for anything else). A failed call (threw,
 * timed out, isolate died) or a wrong output shape throws `COMPONENT_RUNTIME` naming the
 * layer, the hook, the failure code and message; the rollout runner turns it into stop
 * reason `error`.
 */
export function checkRulesHookResult<H extends RulesHookName>(
  layer: string,
  hook: H,
  result: HookResult<unknown>,
): CheckedHookResult<RulesHookOutput<H>> {
  if (!result.ok) throw hookError(layer, hook, result.code, result.message, result.fatal);
  const value = checkOutput(hook, result.value);
  if (!value.success) throw hookError(layer, hook, "bad-output", value.message, false);
  const memory = checkOutput("memory", result.memory);
  if (!memory.success) throw hookError(layer, hook, "bad-output", `memory: ${memory.message}`, false);
  return { value: value.data as RulesHookOutput<H>, memory: memory.data as JsonObject };
}

/** The fatal `COMPONENT_RUNTIME` error of a runtime that threw or rejected for `hook` (a bug on the host side). */
export function runtimeError(layer: string, hook: RulesHookName, error: unknown): EnvriggerError {
  return hookError(layer, hook, "host", `the runtime threw: ${errorMessage(error)}`, true);
}

/**
 * Await a Rules runtime call that answers `T` (a hook result, or several); a runtime
 * that rejects (a bug on the host side) throws a fatal `COMPONENT_RUNTIME` for `hook`.
 */
export async function settleRulesCall<T>(layer: string, hook: RulesHookName, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw runtimeError(layer, hook, error);
  }
}

/**
 * Await a Rules hook call and check its output (see {@link checkRulesHookResult}); a
 * runtime that rejects throws a fatal `COMPONENT_RUNTIME` with failure code `host`.
 */
export async function callRulesHook<H extends RulesHookName>(
  layer: string,
  hook: H,
  call: Promise<HookResult<unknown>>,
): Promise<CheckedHookResult<RulesHookOutput<H>>> {
  return checkRulesHookResult(layer, hook, await settleRulesCall(layer, hook, call));
}

/**
 * Check one layer's result of a group call (see `RulesGroupRuntime`) like
 * {@link checkRulesHookResult}; the memory is absent when the hook left it unchanged (the
 * layer then keeps the memory it has).
 */
export function checkGroupHookResult<H extends RulesHookName>(
  layer: string,
  hook: H,
  result: GroupHookResult<unknown>,
): { value: RulesHookOutput<H>; memory: JsonObject | undefined } {
  if (!result.ok) throw hookError(layer, hook, result.code, result.message, result.fatal);
  const value = checkOutput(hook, result.value);
  if (!value.success) throw hookError(layer, hook, "bad-output", value.message, false);
  if (result.memory === undefined) return { value: value.data as RulesHookOutput<H>, memory: undefined };
  const memory = checkOutput("memory", result.memory);
  if (!memory.success) throw hookError(layer, hook, "bad-output", `memory: ${memory.message}`, false);
  return { value: value.data as RulesHookOutput<H>, memory: memory.data as JsonObject };
}
