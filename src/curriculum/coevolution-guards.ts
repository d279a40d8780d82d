import type { EnvDefinition } from "../core/env-definition.js";
import type { JsonObject } from "../core/json.js";
import type { CandidateLayer } from "../designer/candidate.js";
import { shortcutGuardLayer } from "../designer/heuristic/reward-shortcut-guard.js";
import type { HarnessStackSpec } from "../harness/harness-stack-spec.js";
import { readCheckpointedTasks } from "../report/read-checkpointed-tasks.js";
import type { StoredStack } from "../rl/stored-stacks-source.js";
import { runPaths } from "./run-paths.js";

/**
 * Per task of a finished rig round, the Contract that closes the reward shortcut its
 * episodes showed (`shortcutGuardLayer` over everything the round observed for it: the
 * baseline, the latest validation and the episodes each attempt kept); tasks without one
 * are absent. Reads only reward, verdict and the calls that reached the env.
 */
export async function shortcutGuards(runDirectory: string, env: EnvDefinition, envOptions: JsonObject, taskIds: readonly string[]): Promise<Map<string, CandidateLayer>> {
  const tasks = await readCheckpointedTasks(taskIds.map((taskId) => runPaths(runDirectory).checkpointsOf(taskId)), env.id);
  const probe = await env.create(envOptions);
  const tools = await probe.tools().finally(() => probe.close());
  const guards = new Map<string, CandidateLayer>();
  for (const task of tasks) {
    const observed = [...(task.baseline?.trajectories ?? []), ...(task.validation?.trajectories ?? []), ...task.attempts.flatMap((attempt) => attempt.trajectories ?? [])];
    const guard = shortcutGuardLayer(observed, tools);
    if (guard) guards.set(task.config.taskId, guard);
  }
  return guards;
}

/** A stack with the shortcut Contract innermost (right above the env), under the stack's own layers. */
export function guardedStack(env: EnvDefinition, envOptions: JsonObject, taskId: string, guard: CandidateLayer, stack: StoredStack | undefined): StoredStack {
  const base: HarnessStackSpec = stack?.spec ?? { version: 1, base: { env: env.id, taskId, options: envOptions }, layers: [] };
  return { spec: { ...base, layers: [guard as HarnessStackSpec["layers"][number], ...base.layers] }, label: `${stack?.label ?? "original env"} + shortcut Contract` };
}

