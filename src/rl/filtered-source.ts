import type { EnvDefinition } from "../core/env-definition.js";
import type { JsonObject } from "../core/json.js";
import { originalEnvironment } from "./stack-environment.js";
import type { TrainingSource } from "./training-source.js";

/**
 * Online difficulty filtering with refill on the original env (DAPO's dynamic sampling;
 * Bae et al. 2025, balanced online difficulty filtering), the cheapest designer-free way to
 * keep a batch at the learner's frontier: each update draws its tasks' groups, drops those
 * whose rewards are all equal, and draws further tasks until the batch holds
 * `tasksPerUpdate` groups with a signal or `drawFactor × tasksPerUpdate` groups were drawn.
 * The dropped groups' rollouts are counted (`UpdateStats.filteredEpisodes`): they are paid for.
 */
export function filteredSource(
  env: EnvDefinition,
  envOptions: JsonObject,
  options: { tasksPerUpdate: number; drawFactor: number },
): TrainingSource {
  return {
    kind: "filtered",
    refill: { maxGroups: Math.max(1, Math.round(options.drawFactor * options.tasksPerUpdate)) },
    environmentOf: (taskId) => originalEnvironment(env, envOptions, taskId),
  };
}
