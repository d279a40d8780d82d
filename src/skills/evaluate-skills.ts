import type { EnvDefinition } from "../core/env-definition.js";
import { EnvriggerError } from "../core/errors.js";
import type { JsonObject } from "../core/json.js";
import type { Policy } from "../core/policy.js";
import type { SplitSelection, TaskInfo } from "../core/task.js";
import type { Trajectory } from "../core/trajectory.js";
import { tasksOf } from "../rollout/baseline.js";
import { runRollouts } from "../rollout/run-rollouts.js";
import { isSuccess, summarize } from "../rollout/summarize.js";
import { wilsonInterval } from "../rollout/wilson-interval.js";
import { retrievingPolicyFactory } from "./retrieving-policy.js";
import type { SkillRetriever } from "./skill-retriever.js";

/** Options of {@link evaluateSkills}. */
export interface EvaluateSkillsOptions {
  env: EnvDefinition;
  envOptions?: JsonObject;
  /** The policy's name in results. */
  policyName: string;
  /** Makes the policy of one episode, given the skills for its system prompt (none: the plain policy). */
  makePolicy: (skills: string[]) => Policy;
  retriever: SkillRetriever;
  /** Items per episode. */
  k: number;
  split: SplitSelection;
  taskIds?: string[];
  /** Episodes per task, per arm. */
  episodes: number;
  seed: number;
  concurrency?: number;
  onEpisode?: (done: number, total: number) => void;
}

/** The numbers of one arm (with or without skills). */
export interface SkillArmResult {
  /** Episodes that ran (did not end in an error): the `n` of the rates. */
  episodes: number;
  /** Episodes that ended in an error, counted apart (never as failures). */
  errored: number;
  successes: number;
  successRate: number;
  /** 95% Wilson interval. */
  successInterval: [number, number];
  meanTurns: number;
  stopReasons: Record<string, number>;
}

/** What {@link evaluateSkills} measured. */
export interface SkillEvaluation {
  env: string;
  policy: string;
  split: SplitSelection;
  retrieval: SkillRetriever["kind"];
  k: number;
  seed: number;
  episodesPerTask: number;
  without: SkillArmResult;
  with: SkillArmResult;
  /** Success with skills minus without (same tasks, same seeds). */
  difference: number;
  /** Per task: both arms' success counts and the ids of the items retrieved (first episode). */
  tasks: Array<{ taskId: string; without: number; with: number; episodes: number; retrieved: string[] }>;
}

function arm(trajectories: Trajectory[]): SkillArmResult {
  const stats = summarize(trajectories);
  return {
    episodes: stats.episodes,
    errored: stats.errored,
    successes: stats.successes,
    successRate: stats.successRate,
    successInterval: wilsonInterval(stats.successes, stats.episodes),
    meanTurns: stats.meanTurns,
    stopReasons: stats.stopReasons,
  };
}

async function selectTasks(options: EvaluateSkillsOptions): Promise<TaskInfo[]> {
  const tasks = await tasksOf(options.env, options.split);
  if (!options.taskIds) return tasks;
  const missing = options.taskIds.filter((id) => !tasks.some((task) => task.id === id));
  if (missing.length > 0)
    throw new EnvriggerError(
      "UNKNOWN_TASK",
      `unknown task(s) for env ${options.env.id} in split ${options.split}: ${missing.join(", ")}`,
    );
  return tasks.filter((task) => options.taskIds?.includes(task.id));
}

/**
 * The same policy with and without retrieved skills, on the same tasks with the same
 * seeds: per task, `episodes` rollouts of the plain policy, then `episodes` rollouts of
 * the policy whose system prompt holds the top-k items for "instruction + first
 * observation". Success with 95% Wilson intervals per arm and the difference.
 */
export async function evaluateSkills(options: EvaluateSkillsOptions): Promise<SkillEvaluation> {
  const tasks = await selectTasks(options);
  if (tasks.length === 0)
    throw new EnvriggerError("UNKNOWN_TASK", `env ${options.env.id} has no tasks in split ${options.split}`);
  const total = tasks.length * options.episodes * 2;
  let done = 0;
  const without: Trajectory[] = [];
  const withSkills: Trajectory[] = [];
  const perTask: SkillEvaluation["tasks"] = [];
  for (const task of tasks) {
    const rollouts = (policy: () => Policy) =>
      runRollouts({
        createEnv: () => options.env.create(options.envOptions),
        policy,
        tasks: [{ taskId: task.id, ...(task.group === undefined ? {} : { group: task.group }) }],
        episodes: options.episodes,
        seed: options.seed,
        concurrency: options.concurrency,
        onEpisode: () => options.onEpisode?.(++done, total),
      });
    const plain = await rollouts(() => options.makePolicy([]));
    let retrieved: string[] | null = null;
    const skilled = await rollouts(
      retrievingPolicyFactory({
        name: options.policyName,
        retriever: options.retriever,
        k: options.k,
        ...(task.instruction === undefined ? {} : { instruction: task.instruction }),
        makePolicy: options.makePolicy,
        onRetrieved: (results) => (retrieved ??= results.map((result) => result.item.id)),
      }),
    );
    without.push(...plain);
    withSkills.push(...skilled);
    perTask.push({
      taskId: task.id,
      without: plain.filter(isSuccess).length,
      with: skilled.filter(isSuccess).length,
      episodes: options.episodes,
      retrieved: retrieved ?? [],
    });
  }
  const withoutArm = arm(without);
  const withArm = arm(withSkills);
  return {
    env: options.env.id,
    policy: options.policyName,
    split: options.split,
    retrieval: options.retriever.kind,
    k: options.k,
    seed: options.seed,
    episodesPerTask: options.episodes,
    without: withoutArm,
    with: withArm,
    difference: withArm.successRate - withoutArm.successRate,
    tasks: perTask,
  };
}
