import { setImmediate as eventLoopTurn } from "node:timers/promises";
import type { ActionableEnv } from "../core/actionable-env.js";
import { EnvriggerError } from "../core/errors.js";
import type { PolicyFactory } from "../core/policy.js";
import { deriveSeed } from "../core/seeding.js";
import type { Trajectory } from "../core/trajectory.js";
import { runEpisode } from "./run-episode.js";

/** One episode to run: a task, its group, and which rollout of that task it is. */
export interface RolloutTask {
  taskId: string;
  group?: string;
}

/** Options of {@link runRollouts}. */
export interface RunRolloutsOptions {
  /** Makes a fresh env (or stack); one per concurrent worker, reused across its episodes. */
  createEnv: () => Promise<ActionableEnv>;
  /**
   * Takes back an env that ended its worker's episodes usable (e.g. into a pool for the next
   * batch of the same stack). Default: close it. Envs of an errored episode and envs of a
   * failed run are always closed.
   */
  releaseEnv?: (env: ActionableEnv) => Promise<void>;
  /** Makes a policy per episode. */
  policy: PolicyFactory;
  tasks: RolloutTask[];
  /** Episodes per task (K). */
  episodes: number;
  /** Run seed; episode i of task t gets seed deriveSeed(seed, t, i + indexOffset). */
  seed: number;
  /** Shift of the rollout index, so that a later batch (e.g. validation) never reuses seeds. */
  indexOffset?: number;
  /** Episodes in flight at once (async; for envs or policies that wait on I/O). Default 1. */
  concurrency?: number;
  maxTurns?: number;
  timeoutMs?: number;
  /** Deadline of each env and policy call (ms); see `RunEpisodeOptions.callTimeoutMs`. */
  callTimeoutMs?: number;
  /** Called after each finished episode. */
  onEpisode?: (trajectory: Trajectory, done: number, total: number) => void;
  /**
   * Keep the trajectories and return them (default true). `false`: each goes to `onEpisode`
   * only and the result is empty, so a large run holds no more than its episodes in flight.
   */
  keep?: boolean;
}

/** The seed of rollout `index` of `taskId` in a run with seed `seed`. */
export function rolloutSeed(seed: number, taskId: string, index: number): number {
  return deriveSeed(seed, "rollout", taskId, index);
}

/**
 * Run K episodes per task with bounded concurrency. Seeds derive from (run seed, task id,
 * index), so the result is the same whatever the concurrency; trajectories come back in
 * task order, then index order. Envs are closed (or given to `releaseEnv`) at the end, and
 * closed on failure.
 */
export async function runRollouts(options: RunRolloutsOptions): Promise<Trajectory[]> {
  if (!Number.isInteger(options.episodes) || options.episodes < 1) {
    throw new EnvriggerError("BAD_ARGUMENT", `episodes must be a positive integer, got ${options.episodes}`);
  }
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  const jobs = options.tasks.flatMap((task) =>
    Array.from({ length: options.episodes }, (_, index) => ({ task, index: index + (options.indexOffset ?? 0) })),
  );
  const keep = options.keep ?? true;
  const results: Trajectory[] = new Array(keep ? jobs.length : 0);
  let next = 0;
  let done = 0;
  // Envs not yet closed or released: the envs the workers end with (released when the run
  // succeeds), or whatever is left when it fails (closed).
  const live = new Set<ActionableEnv>();
  const fresh = async () => {
    const env = await options.createEnv();
    live.add(env);
    return env;
  };
  const worker = async () => {
    let env = await fresh();
    while (next < jobs.length) {
      const position = next++;
      const job = jobs[position]!;
      const trajectory = await runEpisode(env, options.policy(), {
        taskId: job.task.taskId,
        group: job.task.group,
        seed: rolloutSeed(options.seed, job.task.taskId, job.index),
        maxTurns: options.maxTurns,
        timeoutMs: options.timeoutMs,
        callTimeoutMs: options.callTimeoutMs,
      });
      if (keep) results[position] = trajectory;
      // An errored episode may leave the env unusable (e.g. a component's isolate died, or a
      // call that never settled still holds it): later episodes get a fresh one.
      if (trajectory.stopReason === "error" || trajectory.error !== undefined) {
        live.delete(env);
        await env.close();
        env = await fresh();
      }
      done += 1;
      options.onEpisode?.(trajectory, done, jobs.length);
      // Let the event loop run between episodes: an in-process env and policy may settle
      // every await at once, and a chain of settled promises never yields, so timers,
      // signals and messages from other processes (a curriculum's task processes asking
      // for their next task) would wait until the whole rig ended.
      await eventLoopTurn();
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(1, jobs.length)) }, worker));
    const release = options.releaseEnv ?? ((env: ActionableEnv) => env.close());
    const ended = [...live];
    live.clear();
    await Promise.all(ended.map(release));
  } finally {
    await Promise.all([...live].map((env) => env.close()));
  }
  return results;
}
