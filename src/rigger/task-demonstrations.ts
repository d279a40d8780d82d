import { deriveSeed } from "../core/seeding.js";
import type { Trajectory } from "../core/trajectory.js";
import { runEpisode } from "../rollout/run-episode.js";
import { isSuccess } from "../rollout/summarize.js";
import type { RigConfig } from "./rig-config.js";
import type { RigDependencies } from "./rig-dependencies.js";

/** Demonstration episodes run per task (a demonstrator is scripted: one success is enough). */
export const DEMONSTRATION_EPISODES = 1;

const known = new WeakMap<RigDependencies, Map<string, Promise<Trajectory[]>>>();

/**
 * The successful episodes of the env's demonstrator on the config's task (none when the
 * dependencies carry no demonstrator, or it failed): one episode on the unmodified env,
 * seeded from the task, run once per dependencies and task and kept — the designer reads
 * it at every revision. It is not a baseline rollout: its statistics are no one's evidence.
 */
export function taskDemonstrations(dependencies: RigDependencies, config: RigConfig): Promise<Trajectory[]> {
  const demonstrator = dependencies.demonstrator;
  if (!demonstrator) return Promise.resolve([]);
  let byTask = known.get(dependencies);
  if (!byTask) {
    byTask = new Map();
    known.set(dependencies, byTask);
  }
  let found = byTask.get(config.taskId);
  if (!found) {
    found = (async () => {
      const trajectories: Trajectory[] = [];
      for (let index = 0; index < DEMONSTRATION_EPISODES; index++) {
        const env = await dependencies.env.create(config.envOptions);
        try {
          trajectories.push(
            await runEpisode(env, demonstrator(), {
              taskId: config.taskId,
              seed: deriveSeed(config.seed, "demonstration", config.taskId, index),
              ...(config.maxTurns === undefined ? {} : { maxTurns: config.maxTurns }),
            }),
          );
        } finally {
          await env.close();
        }
      }
      return trajectories.filter(isSuccess);
    })();
    byTask.set(config.taskId, found);
  }
  return found;
}
