import { resolve } from "node:path";
import { resolveEnv } from "../bridges/env-registry.js";
import type { EnvDefinition } from "../core/env-definition.js";
import { deriveSeed } from "../core/seeding.js";
import type { ToolSpec } from "../core/tool-spec.js";
import { buildStack, type BuildStackDependencies } from "../harness/build-stack.js";
import { resolvePolicy } from "../policies/policy-registry.js";
import { readRun } from "../curriculum/read-run.js";
import { defaultRolloutConcurrency } from "../rollout/default-rollout-concurrency.js";
import { runRollouts } from "../rollout/run-rollouts.js";
import { chatEpisodeOf, type ChatEpisode } from "./chat-episode.js";
import { readStoredCandidates } from "./read-stored-candidates.js";

async function instructionsOf(definition: EnvDefinition): Promise<Map<string, string | undefined>> {
  const tasks = [...(await definition.listTasks("train")), ...(await definition.listTasks("heldout"))];
  return new Map(tasks.map((task) => [task.id, task.instruction]));
}

/**
 * The recorded rollouts of a run (`runs/<id>`) as chat episodes: each task's baseline
 * batch and its last validation batch, in the run's task order. `emit` gets each episode
 * as soon as it is made.
 */
export async function chatEpisodesOfRun(
  directory: string,
  cwd: string,
  emit: (episode: ChatEpisode) => void,
): Promise<void> {
  const run = await readRun(resolve(cwd, directory));
  const definition = await resolveEnv(run.config.env, cwd);
  const probe = await definition.create(run.config.envOptions);
  let tools: ToolSpec[];
  try {
    tools = await probe.tools();
  } finally {
    await probe.close();
  }
  const instructions = await instructionsOf(definition);
  for (const task of run.tasks) {
    const instruction = instructions.get(task.config.taskId);
    for (const trajectory of task.baseline?.trajectories ?? [])
      emit(chatEpisodeOf(trajectory, { instruction, tools, source: "baseline" }));
    for (const trajectory of task.validation?.trajectories ?? [])
      emit(chatEpisodeOf(trajectory, { instruction, tools, source: "validation" }));
  }
  await definition.dispose?.();
}

/** Options of {@link chatEpisodesOfCandidates}. */
export interface FreshChatOptions {
  /** A candidate directory or a corpus file. */
  candidates: string;
  policy: string;
  episodes: number;
  seed: number;
  /** Episodes in flight at once; absent: the policy's and env's default (`defaultRolloutConcurrency`). */
  concurrency?: number;
  cwd: string;
  /** How the stored stacks are built (the product's: `productStackDependencies(cwd)` from `src/app/`). */
  stack: BuildStackDependencies;
}

/**
 * Fresh rollouts of stored stacks as chat episodes: `episodes` of `policy` on each stored
 * candidate, with seeds derived from (`seed`, "export", candidate id).
 */
export async function chatEpisodesOfCandidates(
  options: FreshChatOptions,
  emit: (episode: ChatEpisode) => void,
): Promise<void> {
  const dependencies = options.stack;
  for (const line of readStoredCandidates(resolve(options.cwd, options.candidates))) {
    const definition = await resolveEnv(line.stack.base.env, options.cwd);
    const policy = await resolvePolicy(options.policy, definition.id, options.cwd);
    const probe = await buildStack(line.stack, dependencies);
    let tools: ToolSpec[];
    try {
      tools = await probe.tools();
    } finally {
      await probe.close();
    }
    const instruction = (await instructionsOf(definition)).get(line.taskId);
    const trajectories = await runRollouts({
      createEnv: () => buildStack(line.stack, dependencies),
      policy: policy.factory,
      tasks: [{ taskId: line.stack.base.taskId }],
      episodes: options.episodes,
      seed: deriveSeed(options.seed, "export", line.candidateId),
      concurrency: options.concurrency ?? defaultRolloutConcurrency(options.policy, line.stack.base.env),
    });
    for (const trajectory of trajectories) emit(chatEpisodeOf(trajectory, { instruction, tools, source: "fresh" }));
  }
}
