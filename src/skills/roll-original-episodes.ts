import type { EnvDefinition } from "../core/env-definition.js";
import type { JsonObject } from "../core/json.js";
import type { PolicyFactory } from "../core/policy.js";
import type { Trajectory } from "../core/trajectory.js";
import { runRollouts } from "../rollout/run-rollouts.js";

/** Options of {@link rollOriginalEpisodes}. */
export interface RollOriginalEpisodesOptions {
  env: EnvDefinition;
  envOptions?: JsonObject;
  policy: PolicyFactory;
  /** Episodes per task, in order (e.g. as many as an accepted stack of that task was validated on). */
  tasks: ReadonlyArray<{ taskId: string; group?: string; episodes: number }>;
  seed: number;
  concurrency?: number;
  onEpisode?: (done: number, total: number) => void;
}

/**
 * Fresh rollouts of the unmodified env (no harness layer): `episodes` per task, seeds from
 * (seed, task, index) as every rollout batch derives them.
 */
export async function rollOriginalEpisodes(options: RollOriginalEpisodesOptions): Promise<Trajectory[]> {
  const total = options.tasks.reduce((sum, task) => sum + task.episodes, 0);
  const trajectories: Trajectory[] = [];
  for (const task of options.tasks) {
    if (task.episodes < 1) continue;
    const done = trajectories.length;
    trajectories.push(
      ...(await runRollouts({
        createEnv: () => options.env.create(options.envOptions),
        policy: options.policy,
        tasks: [{ taskId: task.taskId, ...(task.group === undefined ? {} : { group: task.group }) }],
        episodes: task.episodes,
        seed: options.seed,
        concurrency: options.concurrency,
        onEpisode: (_trajectory, finished) => options.onEpisode?.(done + finished, total),
      })),
    );
  }
  return trajectories;
}
