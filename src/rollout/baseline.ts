import type { EnvDefinition } from "../core/env-definition.js";
import type { ActionableEnv } from "../core/actionable-env.js";
import type { JsonObject } from "../core/json.js";
import type { PolicyFactory } from "../core/policy.js";
import type { SplitSelection, TaskInfo } from "../core/task.js";
import type { Trajectory } from "../core/trajectory.js";
import { EnvriggerError } from "../core/errors.js";
import type { HarnessStackSpec } from "../harness/harness-stack-spec.js";
import type { RolloutExecutor } from "./rollout-executor.js";
import { runRollouts } from "./run-rollouts.js";
import { summarize, summaryAccumulator, type RolloutStats } from "./summarize.js";

/** The statistics `baseline --json` prints for one group or overall. */
export interface BaselineStats {
  /** Episodes that ran (did not error): the `n` of the rates. */
  episodes: number;
  /** Episodes that ended in an error, counted apart (never as failures). */
  errored: number;
  /** Successes over the episodes that ran. */
  successRate: number;
  successInterval: [number, number];
  publicPassRate: number | null;
  meanTurns: number;
  stopReasons: Record<string, number>;
  /** The first message of each stop reason that carries one (`error`, a call's `timeout`). */
  stopMessages: Record<string, string>;
  invalidCallRate: number;
}

/** The result of a baseline run (the `baseline --json` object). */
export interface BaselineReport extends BaselineStats {
  env: string;
  policy: string;
  split: SplitSelection;
  /** The stack that ran, when `--stack` was given (e.g. `Rules<bugfix>`). */
  stack?: string;
  byGroup: Record<string, BaselineStats>;
}

/** Options of {@link runBaseline}. */
export interface BaselineOptions {
  env: EnvDefinition;
  policyName: string;
  policy: PolicyFactory;
  split: SplitSelection;
  /** Episodes per task. */
  episodes: number;
  seed: number;
  envOptions?: JsonObject;
  /** Restrict to these task ids (all of the split when absent). */
  taskIds?: string[];
  /** Build the env to run instead of `env.create` (e.g. a harness stack). */
  createEnv?: () => Promise<ActionableEnv>;
  concurrency?: number;
  /** Deadline of each env and policy call (ms; default 30 000). */
  callTimeoutMs?: number;
  /** Break the statistics down by the tasks' group (default) or by task id. */
  groupBy?: "group" | "task";
  onEpisode?: (trajectory: Trajectory, done: number, total: number) => void;
  /**
   * Return the trajectories (default true). `false`: a local run summarises each episode as
   * it ends and keeps none, so memory does not grow with `episodes` (`envrigger baseline`).
   */
  keepTrajectories?: boolean;
  /**
   * Run the rollouts on this executor (e.g. a queue) as one batch of data instead of with
   * `createEnv` and `policy`: `policySpec` names the policy, `stack` the stack (default the
   * bare env with `envOptions`).
   */
  rollouts?: { executor: RolloutExecutor; policySpec: string; stack?: HarnessStackSpec };
}

function pick(stats: RolloutStats): BaselineStats {
  return {
    episodes: stats.episodes,
    errored: stats.errored,
    successRate: stats.successRate,
    successInterval: stats.successInterval,
    publicPassRate: stats.publicPassRate,
    meanTurns: stats.meanTurns,
    stopReasons: stats.stopReasons,
    stopMessages: stats.stopMessages,
    invalidCallRate: stats.invalidCallRate,
  };
}

/** The tasks of a split selection. */
export async function tasksOf(env: EnvDefinition, split: SplitSelection): Promise<TaskInfo[]> {
  if (split === "all") return [...(await env.listTasks("train")), ...(await env.listTasks("heldout"))];
  return env.listTasks(split);
}

/**
 * Run a policy on every task of a split and summarise, per group and overall. Errored
 * episodes are counted apart (`errored`); the rates are over the episodes that ran. A split
 * with no task is an error (`UNKNOWN_TASK`), not a report of nothing.
 */
export async function runBaseline(
  options: BaselineOptions,
): Promise<{ report: BaselineReport; trajectories: Trajectory[] }> {
  let tasks = await tasksOf(options.env, options.split);
  if (options.taskIds) {
    const known = new Map(tasks.map((task) => [task.id, task]));
    const missing = options.taskIds.filter((id) => !known.has(id));
    if (missing.length > 0) {
      throw new EnvriggerError(
        "UNKNOWN_TASK",
        `unknown task(s) for env ${options.env.id} in split ${options.split}: ${missing.join(", ")}`,
      );
    }
    tasks = options.taskIds.map((id) => known.get(id)!);
  }
  if (tasks.length === 0)
    throw new EnvriggerError(
      "UNKNOWN_TASK",
      `env ${options.env.id} has no task in split ${options.split}: nothing to run`,
      {
        hint: 'pick a split that has tasks (`envrigger envs` lists them; `envrigger repo list <spec>` for a repo: spec); an OpenEnv server has one task, "default", in train',
      },
    );
  const rolloutTasks = tasks.map((task) => ({
    taskId: task.id,
    ...(task.group === undefined ? {} : { group: task.group }),
  }));
  const keep = options.keepTrajectories ?? true;
  const groupOf = options.groupBy === "task" ? (trajectory: Trajectory) => trajectory.taskId : undefined;
  const streamed = summaryAccumulator(groupOf);
  const trajectories = options.rollouts
    ? await options.rollouts.executor.run(
        {
          stack: options.rollouts.stack ?? {
            version: 1,
            base: { env: options.env.id, taskId: rolloutTasks[0]?.taskId ?? "none", options: options.envOptions ?? {} },
            layers: [],
          },
          policy: options.rollouts.policySpec,
          tasks: rolloutTasks,
          episodes: options.episodes,
          seed: options.seed,
          ...(options.callTimeoutMs === undefined ? {} : { callTimeoutMs: options.callTimeoutMs }),
        },
        { concurrency: options.concurrency, onEpisode: options.onEpisode },
      )
    : await runRollouts({
        createEnv: options.createEnv ?? (() => options.env.create(options.envOptions)),
        policy: options.policy,
        tasks: rolloutTasks,
        episodes: options.episodes,
        seed: options.seed,
        concurrency: options.concurrency,
        callTimeoutMs: options.callTimeoutMs,
        keep,
        onEpisode: (trajectory, done, total) => {
          if (!keep) streamed.add(trajectory);
          options.onEpisode?.(trajectory, done, total);
        },
      });
  const summary = keep || options.rollouts ? summarize(trajectories, groupOf) : streamed.summary();
  const byGroup = Object.fromEntries(Object.entries(summary.byGroup).map(([group, stats]) => [group, pick(stats)]));
  return {
    report: { env: options.env.id, policy: options.policyName, split: options.split, ...pick(summary), byGroup },
    trajectories,
  };
}
