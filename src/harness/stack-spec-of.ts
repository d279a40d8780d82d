import type { ActionableEnv } from "../core/actionable-env.js";
import { EnvriggerError } from "../core/errors.js";
import { baseEnvSpecOf } from "./base-env-registry.js";
import { HarnessLayer } from "./harness-layer.js";
import type { HarnessStackSpec, LayerSpec } from "./harness-stack-spec.js";

/**
 * The spec of a built stack: its base env (as recorded by `buildStack`) and the layers'
 * recorded arguments, innermost first. `buildStack(stackSpecOf(env))` builds a stack that
 * describes the same and behaves the same. Throws `INVALID_STACK` when the base env was
 * not built by `buildStack` or a layer cannot be written as data.
 */
export function stackSpecOf(env: ActionableEnv): HarnessStackSpec {
  const layers: LayerSpec[] = [];
  let current = env;
  while (current instanceof HarnessLayer) {
    layers.unshift(current.toLayerSpec());
    current = current.inner;
  }
  const base = baseEnvSpecOf(current);
  if (!base) {
    throw new EnvriggerError(
      "INVALID_STACK",
      `the base env "${current.describe()}" of ${env.describe()} was not built by buildStack, so its spec is unknown`,
      {
        hint: "build the stack with buildStack(spec) to be able to write it back as data",
      },
    );
  }
  return { version: 1, base, layers };
}
