import { bugfixEnv } from "../bridges/bugfix/index.js";
import { LearnableModel } from "../policies/learnable/learnable-model.js";
import type { RolloutExecutor } from "../rollout/rollout-executor.js";
import type { UpdateStats } from "../rl/grpo-update.js";
import { grpoConfigSchema } from "../rl/grpo-config.js";
import { storedStacksSource, type StoredStack } from "../rl/stored-stacks-source.js";
import { trainPolicy } from "../rl/train-policy.js";
import { productStackDependencies } from "../app/product-stack-dependencies.js";

/** A Rules layer that rewrites every BugFix `edit` call into a `read` (so those edits never run). */
const EDIT_TO_READ_RULES = `export default defineRules({ filterAction(action) { return action.name === "edit" ? { name: "read", args: {} } : undefined; } });`;

/** One stored BugFix stack per task with a Rules layer that rewrites `edit` into `read`. */
export function editRewritingStacks(taskIds: readonly string[]): Map<string, StoredStack[]> {
  return new Map(
    taskIds.map((taskId) => [
      taskId,
      [
        {
          spec: {
            version: 1 as const,
            base: { env: "bugfix", taskId },
            layers: [{ kind: "rules" as const, source: EDIT_TO_READ_RULES }],
          },
          label: taskId,
        },
      ],
    ]),
  );
}

/**
 * Two GRPO updates (G = 4, seed 1) of fresh weights on the first two BugFix train tasks,
 * each on an {@link editRewritingStacks} stack — the trainer must give the rewritten calls no
 * credit. Rollouts in this process, or on `executor`. For tests of stacked training.
 */
export async function trainOnRewritingStacks(
  executor?: RolloutExecutor,
): Promise<{ weights: number[]; updates: UpdateStats[] }> {
  const trainTasks = (await bugfixEnv.listTasks("train")).slice(0, 2);
  const model = LearnableModel.initial();
  const result = await trainPolicy({
    env: bugfixEnv,
    model,
    config: grpoConfigSchema.parse({ updates: 2, group: 4, tasksPerUpdate: 2, seed: 1 }),
    trainTasks,
    source: storedStacksSource(
      bugfixEnv,
      {},
      editRewritingStacks(trainTasks.map((task) => task.id)),
      1,
      productStackDependencies(),
    ),
    rewardSource: "evaluation",
    ...(executor ? { executor } : {}),
  });
  return { weights: Array.from(model.weights), updates: result.updates };
}
