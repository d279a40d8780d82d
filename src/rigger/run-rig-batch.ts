import type { Trajectory } from "../core/trajectory.js";
import { buildStack } from "../harness/build-stack.js";
import type { HarnessStackSpec } from "../harness/harness-stack-spec.js";
import { defaultRolloutConcurrency } from "../rollout/default-rollout-concurrency.js";
import { localRolloutExecutor } from "../rollout/local-rollout-executor.js";
import type { RolloutExecutor } from "../rollout/rollout-executor.js";
import type { RigConfig } from "./rig-config.js";
import type { RigDependencies, RigNodeDependencies } from "./rig-dependencies.js";

/** The stack of the task's unmodified env (what observation rolls out). */
export function bareStack(config: RigConfig): HarnessStackSpec {
  return { version: 1, base: { env: config.envId, taskId: config.taskId, options: config.envOptions }, layers: [] };
}

/** The rig's rollout executor: the injected one, else this process with the dependencies' env and policy. */
function executorOf(dependencies: RigDependencies): RolloutExecutor {
  return (
    dependencies.rollouts ??
    localRolloutExecutor({
      buildEnv: (stack) => buildStack(stack, dependencies.stack),
      policy: async () => dependencies.policy,
    })
  );
}

/**
 * One batch of the rig loop: `episodes` rollouts of the config's policy on `stack` for the
 * config's task, seeds from index `indexOffset` on, `rolloutConcurrency` in flight. With a
 * run budget, the batch is first granted by it: it may come back shorter than asked for,
 * or empty once the run's total is spent. The batch is reported to `onBatch` (the task's
 * cost meter).
 */
export async function runRigBatch(
  dependencies: RigDependencies & Pick<RigNodeDependencies, "onBatch">,
  config: RigConfig,
  batch: { stack: HarnessStackSpec; episodes: number; indexOffset: number },
): Promise<Trajectory[]> {
  const budget = dependencies.runBudget;
  const episodes = budget ? await budget.reserve(batch.episodes) : batch.episodes;
  if (episodes === 0) return [];
  let trajectories: Trajectory[] = [];
  try {
    trajectories = await runOn(dependencies, config, { ...batch, episodes });
  } finally {
    await budget?.settle(episodes, trajectories.length);
  }
  dependencies.onBatch?.(trajectories);
  return trajectories;
}

function runOn(
  dependencies: RigDependencies,
  config: RigConfig,
  batch: { stack: HarnessStackSpec; episodes: number; indexOffset: number },
): Promise<Trajectory[]> {
  return executorOf(dependencies).run(
    {
      stack: batch.stack,
      policy: config.policy,
      tasks: [{ taskId: config.taskId, ...(config.group === undefined ? {} : { group: config.group }) }],
      episodes: batch.episodes,
      seed: config.seed,
      indexOffset: batch.indexOffset,
      ...(config.maxTurns === undefined ? {} : { maxTurns: config.maxTurns }),
      ...(config.callTimeoutMs === undefined ? {} : { callTimeoutMs: config.callTimeoutMs }),
    },
    { concurrency: config.rolloutConcurrency ?? defaultRolloutConcurrency(config.policy, config.envId) },
  );
}
