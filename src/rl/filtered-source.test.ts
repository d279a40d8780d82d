import { describe, expect, it } from "vitest";
import { bugfixEnv } from "../bridges/bugfix/bugfix-env-definition.js";
import { LearnableModel } from "../policies/learnable/learnable-model.js";
import { filteredSource } from "./filtered-source.js";
import { grpoConfigSchema } from "./grpo-config.js";
import { originalSource } from "./original-source.js";
import { spentRollouts, trainPolicy } from "./train-policy.js";

const config = grpoConfigSchema.parse({ updates: 3, group: 4, tasksPerUpdate: 5, seed: 7 });

async function train(source: ReturnType<typeof originalSource>, totalRollouts?: number) {
  const model = LearnableModel.initial();
  const result = await trainPolicy({
    env: bugfixEnv,
    model,
    config,
    trainTasks: await bugfixEnv.listTasks("train"),
    source,
    rewardSource: "evaluation",
    ...(totalRollouts === undefined ? {} : { totalRollouts }),
  });
  return { weights: Array.from(model.weights), updates: result.updates };
}

describe("online difficulty filtering with refill", () => {
  it("trains only on groups with a reward signal, refilling the batch and counting what it dropped", async () => {
    const original = await train(originalSource(bugfixEnv, {}));
    // The original arm's batches do hold groups without a signal: what filtering drops.
    expect(original.updates.some((stats) => stats.zeroVarianceGroups > 0)).toBe(true);
    const filtered = await train(filteredSource(bugfixEnv, {}, { tasksPerUpdate: 5, drawFactor: 4 }));
    for (const stats of filtered.updates) {
      expect(stats.zeroVarianceGroups).toBe(0);
      expect(stats.filteredGroups).toBeGreaterThanOrEqual(0);
      // Drawn in all: the kept batch and the dropped groups, never more than the cap of 4 × 5.
      expect(stats.groups + stats.filteredGroups!).toBeLessThanOrEqual(20);
      // The batch is full unless the cap was reached.
      if (stats.groups < 5) expect(stats.groups + stats.filteredGroups!).toBe(20);
      expect(stats.filteredEpisodes).toBe(stats.filteredGroups! * 4);
    }
    const dropped = filtered.updates.reduce((sum, stats) => sum + stats.filteredGroups!, 0);
    expect(dropped).toBeGreaterThan(0);
    // Its first draw is the original arm's (same seed, same tasks): the groups it kept of it match.
    expect(filtered.updates[0]!.taskGroups!.slice(0, 1)).toEqual(
      original.updates[0]!.taskGroups!.filter((group) => group.successes > 0 && group.successes < group.episodes).slice(
        0,
        1,
      ),
    );
  });

  it("is deterministic for a seed", async () => {
    const source = () => filteredSource(bugfixEnv, {}, { tasksPerUpdate: 5, drawFactor: 4 });
    expect((await train(source())).weights).toEqual((await train(source())).weights);
  });
});

describe("a total rollout budget", () => {
  it("stops training once the budget is spent, filtered rollouts included", async () => {
    const filtered = await train(filteredSource(bugfixEnv, {}, { tasksPerUpdate: 5, drawFactor: 4 }), 30);
    const spent = spentRollouts(filtered.updates, {});
    expect(spent).toBeGreaterThanOrEqual(30);
    // Checked before each update, and refills stop at the budget: it overruns by at most the first draw (5 groups of 4).
    expect(spent - filtered.updates.at(-1)!.episodes - filtered.updates.at(-1)!.filteredEpisodes!).toBeLessThan(30);
    expect(spent).toBeLessThanOrEqual(30 + 5 * 4);
    expect(filtered.updates.length).toBeLessThan(config.updates);
  });

  it("changes nothing when it is never reached", async () => {
    const capped = await train(originalSource(bugfixEnv, {}), 1_000_000);
    const free = await train(originalSource(bugfixEnv, {}));
    expect(capped.weights).toEqual(free.weights);
    expect(spentRollouts(capped.updates, {})).toBe(3 * 5 * 4);
  });
});
