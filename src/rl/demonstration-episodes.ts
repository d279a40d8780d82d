import type { EnvDefinition } from "../core/env-definition.js";
import type { JsonObject } from "../core/json.js";
import type { PolicyFactory } from "../core/policy.js";
import { deriveSeed } from "../core/seeding.js";
import type { Trajectory } from "../core/trajectory.js";
import { runEpisode } from "../rollout/run-episode.js";
import { isSuccess } from "../rollout/summarize.js";

/** One task's successful demonstration (empty when the demonstrator failed it), run at most once. */
export type DemonstrationsOf = (taskId: string) => Promise<Trajectory[]>;

/**
 * The env's demonstrator run once per task on the unmodified env (one episode, seeded from
 * `seed`, `label` and the task) and kept: a scripted demonstrator needs one success. Its
 * statistics are no one's evidence of the learner; it says what solving the task looks like
 * and what a success pays from the task's start.
 */
export function demonstrationEpisodes(
  env: EnvDefinition,
  envOptions: JsonObject,
  demonstrator: PolicyFactory,
  seed: number,
  label: string,
): DemonstrationsOf {
  const known = new Map<string, Promise<Trajectory[]>>();
  return (taskId) => {
    let found = known.get(taskId);
    if (!found) {
      found = (async () => {
        const instance = await env.create(envOptions);
        try {
          const trajectory = await runEpisode(instance, demonstrator(), {
            taskId,
            seed: deriveSeed(seed, label, taskId),
          });
          return isSuccess(trajectory) ? [trajectory] : [];
        } finally {
          await instance.close();
        }
      })();
      known.set(taskId, found);
    }
    return found;
  };
}
