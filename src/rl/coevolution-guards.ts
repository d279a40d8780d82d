import type { EnvDefinition } from "../core/env-definition.js";
import type { JsonObject } from "../core/json.js";
import type { CandidateLayer } from "../designer/candidate.js";
import { shortcutGuardLayer } from "../designer/heuristic/reward-shortcut-guard.js";
import type { TaskRewardEvidence } from "../designer/heuristic/rewarded-failure.js";
import type { DemonstrationsOf } from "./demonstration-episodes.js";
import type { HarnessStackSpec } from "../harness/harness-stack-spec.js";
import { readCheckpointedTasks } from "../rigger/read-checkpointed-tasks.js";
import type { StoredStack } from "./stored-stacks-source.js";
import { runPaths } from "../run-format/run-paths.js";

/** The reward-shortcut Rules layers a finished rig round's episodes call for. */
export interface RoundShortcutGuards {
  /** Per task, the Rules layer its own episodes call for; tasks without one are absent. */
  perTask: Map<string, CandidateLayer>;
  /**
   * The Rules layer the round's episodes of every task together call for (null: none). The
   * reward is the env's, the same function for all its tasks, so a call that marks its
   * rewarded failures across tasks is a shortcut of that reward wherever the learner meets
   * it — also on a task whose own few episodes did not show it.
   */
  shared: CandidateLayer | null;
}

/**
 * The Rules layers closing the reward shortcut a finished rig round's episodes showed
 * (`shortcutGuardLayer` over everything the round observed: each task's baseline, latest
 * validation and the episodes each attempt kept) — per task, and over all tasks pooled (each
 * task's failures judged against its own success level). With `demonstrationsOf` (the env's
 * demonstrator), a task's demonstration says what a success pays from its start and counts
 * among the honest episodes, so a partial score on a dense reward is not taken for a shortcut.
 * Reads only reward, verdict, the stack and the calls that reached the env.
 */
export async function shortcutGuards(
  runDirectory: string,
  env: EnvDefinition,
  envOptions: JsonObject,
  taskIds: readonly string[],
  demonstrationsOf?: DemonstrationsOf,
): Promise<RoundShortcutGuards> {
  const tasks = await readCheckpointedTasks(
    taskIds.map((taskId) => runPaths(runDirectory).checkpointsOf(taskId)),
    env.id,
  );
  const probe = await env.create(envOptions);
  const tools = await probe.tools().finally(() => probe.close());
  const perTask = new Map<string, CandidateLayer>();
  const pooled: TaskRewardEvidence[] = [];
  for (const task of tasks) {
    const evidence: TaskRewardEvidence = {
      trajectories: [
        ...(task.baseline?.trajectories ?? []),
        ...(task.validation?.trajectories ?? []),
        ...task.attempts.flatMap((attempt) => attempt.trajectories ?? []),
      ],
      demonstrations: demonstrationsOf ? await demonstrationsOf(task.config.taskId) : [],
    };
    pooled.push(evidence);
    const guard = shortcutGuardLayer([evidence], tools);
    if (guard) perTask.set(task.config.taskId, guard);
  }
  return { perTask, shared: shortcutGuardLayer(pooled, tools) };
}

/** A stack with the shortcut Rules layer innermost (right above the env), under the stack's own layers. */
export function guardedStack(
  env: EnvDefinition,
  envOptions: JsonObject,
  taskId: string,
  guard: CandidateLayer,
  stack: StoredStack | undefined,
): StoredStack {
  const base: HarnessStackSpec = stack?.spec ?? {
    version: 1,
    base: { env: env.id, taskId, options: envOptions },
    layers: [],
  };
  return {
    spec: { ...base, layers: [guard as HarnessStackSpec["layers"][number], ...base.layers] },
    label: `${stack?.label ?? "original env"} + shortcut Rules layer`,
  };
}
