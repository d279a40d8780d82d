import type { ActionableEnv } from "../core/actionable-env.js";
import type { BaseEnvSpec } from "./harness-stack-spec.js";

/** Which spec each base env instance was built from (weak: envs are not kept alive). */
const baseEnvSpecs = new WeakMap<ActionableEnv, BaseEnvSpec>();

/**
 * Remember that `env` (a base env, not a layer) was created from `spec`, so that
 * `stackSpecOf` can write the stack back as data. `buildStack` calls it.
 */
export function recordBaseEnvSpec(env: ActionableEnv, spec: BaseEnvSpec): void {
  baseEnvSpecs.set(env, structuredClone(spec));
}

/** The spec a base env was built from, or `undefined` when it was not built by `buildStack`. */
export function baseEnvSpecOf(env: ActionableEnv): BaseEnvSpec | undefined {
  const spec = baseEnvSpecs.get(env);
  return spec === undefined ? undefined : structuredClone(spec);
}
