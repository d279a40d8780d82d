import type { EnvDefinition } from "../core/env-definition.js";
import type { JsonObject } from "../core/json.js";
import { originalEnvironment } from "./stack-environment.js";
import type { TrainingSource } from "./training-source.js";

/** Train on the original env: every task's group runs on `env.create(envOptions)`. */
export function originalSource(env: EnvDefinition, envOptions: JsonObject): TrainingSource {
  return {
    kind: "original",
    environmentOf: (taskId) => originalEnvironment(env, envOptions, taskId),
  };
}
