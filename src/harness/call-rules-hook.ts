import type { z } from "zod";
import { EnvriggerError, errorMessage } from "../core/errors.js";
import type { JsonObject } from "../core/json.js";
import { formatIssues } from "../core/validate.js";
import { rulesHookOutputSchemas, type RulesHookName } from "./rules-hook-output-schemas.js";
import type { HookResult } from "./rules-runtime.js";

/** What each hook returns once checked. */
type HookOutput<H extends RulesHookName> = z.infer<(typeof rulesHookOutputSchemas)[H]>;

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
 * Await a Rules hook call and check its output against the hook's schema. A failed call
 * (threw, timed out, isolate died) or a wrong output shape throws `COMPONENT_RUNTIME`
 * naming the layer, the hook, the failure code and message; the rollout runner turns it
 * into stop reason `error`.
 */
export async function callRulesHook<H extends RulesHookName>(
  layer: string,
  hook: H,
  call: Promise<HookResult<unknown>>,
): Promise<CheckedHookResult<HookOutput<H>>> {
  let result: HookResult<unknown>;
  try {
    result = await call;
  } catch (error) {
    throw hookError(layer, hook, "host", `the runtime threw: ${errorMessage(error)}`, true);
  }
  if (!result.ok) throw hookError(layer, hook, result.code, result.message, result.fatal);
  const value = rulesHookOutputSchemas[hook].safeParse(result.value);
  if (!value.success) throw hookError(layer, hook, "bad-output", formatIssues(value.error), false);
  const memory = rulesHookOutputSchemas.memory.safeParse(result.memory);
  if (!memory.success) throw hookError(layer, hook, "bad-output", `memory: ${formatIssues(memory.error)}`, false);
  return { value: value.data as HookOutput<H>, memory: memory.data };
}
