import type { EnvDefinition } from "../core/env-definition.js";
import type { JsonObject } from "../core/json.js";
import { buildStack, type BuildStackDependencies } from "../harness/build-stack.js";
import type { HarnessStackSpec } from "../harness/harness-stack-spec.js";
import type { TaskEnvironment } from "./training-source.js";

/**
 * Where a task trains: its stack when it has one — the stack's base env options overlaid
 * with the training run's (so `--reward public` reaches a stack rigged under another
 * reward), built with `dependencies` — else the original env.
 */
export function stackEnvironment(
  env: EnvDefinition,
  envOptions: JsonObject,
  taskId: string,
  stack: { spec: HarnessStackSpec; label: string } | undefined,
  dependencies: BuildStackDependencies,
): TaskEnvironment {
  if (!stack) return originalEnvironment(env, envOptions, taskId);
  const spec: HarnessStackSpec = {
    ...stack.spec,
    base: { ...stack.spec.base, options: { ...(stack.spec.base.options ?? {}), ...envOptions } },
  };
  return { createEnv: () => buildStack(spec, dependencies), stack: spec, stacked: true, label: stack.label };
}

/** Where a task runs on the original env: `env.create(envOptions)`, or as data a stack without layers. */
export function originalEnvironment(env: EnvDefinition, envOptions: JsonObject, taskId: string): TaskEnvironment {
  return {
    createEnv: () => env.create(envOptions),
    stack: { version: 1, base: { env: env.id, taskId, options: envOptions }, layers: [] },
    stacked: false,
  };
}
