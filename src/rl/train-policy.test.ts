import { describe, expect, it } from "vitest";
import { bugfixEnv } from "../bridges/bugfix/bugfix-env-definition.js";
import type { EnvDefinition } from "../core/env-definition.js";
import { EnvriggerError } from "../core/errors.js";
import { LearnableModel } from "../policies/learnable/learnable-model.js";
import { grpoConfigSchema } from "./grpo-config.js";
import { originalSource } from "./original-source.js";
import { trainPolicy } from "./train-policy.js";
import { groupAdvantages } from "./group-advantages.js";
import { trainOnRewritingStacks } from "../testing/rewriting-stacks.js";

async function train(seed: number, concurrency = 1) {
  const model = LearnableModel.initial();
  const trainTasks = await bugfixEnv.listTasks("train");
  const result = await trainPolicy({
    env: bugfixEnv,
    model,
    config: grpoConfigSchema.parse({ updates: 4, group: 4, tasksPerUpdate: 5, seed, concurrency }),
    trainTasks,
    source: originalSource(bugfixEnv, {}),
    rewardSource: "evaluation",
  });
  return { weights: Array.from(model.weights), updates: result.updates };
}

describe("GRPO trainer", () => {
  it("gives identical weights for the same seed, whatever the rollout concurrency", async () => {
    const first = await train(3);
    const second = await train(3, 4);
    expect(first.weights.some((value) => value !== 0)).toBe(true);
    expect(second.weights).toEqual(first.weights);
  });

  it("gives different weights for different seeds", async () => {
    const first = await train(3);
    const other = await train(4);
    expect(other.weights).not.toEqual(first.weights);
  });

  it("counts groups with zero variance and gives them no advantage", async () => {
    expect(groupAdvantages([1, 1, 1])).toBeNull();
    expect(groupAdvantages([0, 1])).toEqual([-1, 1]);
    const { updates } = await train(5);
    for (const stats of updates) {
      expect(stats.groups).toBe(5);
      expect(stats.episodes).toBe(20);
      expect(stats.zeroVarianceGroups).toBeGreaterThanOrEqual(0);
      expect(stats.zeroVarianceGroups).toBeLessThanOrEqual(5);
    }
    expect(updates.some((stats) => stats.zeroVarianceGroups > 0)).toBe(true);
  });

  it("leaves errored episodes out of the update: counted apart, never learnt from as failures", async () => {
    let resets = 0;
    const flaky: EnvDefinition = {
      id: bugfixEnv.id,
      description: bugfixEnv.description,
      listTasks: (split) => bugfixEnv.listTasks(split),
      async create(options) {
        const env = await bugfixEnv.create(options);
        const reset = env.reset.bind(env);
        // Every third reset loses its server.
        env.reset = async (resetOptions) => {
          resets += 1;
          if (resets % 3 === 0) throw new EnvriggerError("REMOTE_ENV", "the server went away");
          return reset(resetOptions);
        };
        return env;
      },
    };
    const result = await trainPolicy({
      env: flaky,
      model: LearnableModel.initial(),
      config: grpoConfigSchema.parse({ updates: 2, group: 4, tasksPerUpdate: 5, seed: 2 }),
      trainTasks: await bugfixEnv.listTasks("train"),
      source: originalSource(flaky, {}),
      rewardSource: "evaluation",
    });
    for (const stats of result.updates) expect(stats.episodes + stats.errored).toBe(20);
    expect(result.updates.reduce((sum, stats) => sum + stats.errored, 0)).toBeGreaterThan(0);
  });

  it("learns BugFix from the original tasks: training success rises from the uniform policy's", async () => {
    const model = LearnableModel.initial();
    const result = await trainPolicy({
      env: bugfixEnv,
      model,
      config: grpoConfigSchema.parse({ updates: 20, seed: 1 }),
      trainTasks: await bugfixEnv.listTasks("train"),
      source: originalSource(bugfixEnv, {}),
      rewardSource: "evaluation",
    });
    const early = result.updates.slice(0, 3).reduce((sum, stats) => sum + stats.successRate, 0) / 3;
    const late = result.updates.slice(-3).reduce((sum, stats) => sum + stats.successRate, 0) / 3;
    expect(late).toBeGreaterThan(early + 0.2);
  });

  it("gives no credit to calls a harness layer replaced (they never ran)", async () => {
    const result = await trainOnRewritingStacks();
    expect(result.updates.every((stats) => stats.stackedTasks === 2)).toBe(true);
    expect(result.updates.reduce((sum, stats) => sum + stats.rewrittenDecisions, 0)).toBeGreaterThan(0);
  });
});

describe("GRPO trainer, trial stacks", () => {
  it("records how many of an update's groups ran on a stack still on trial", async () => {
    const trainTasks = await bugfixEnv.listTasks("train");
    const original = originalSource(bugfixEnv, {});
    const onTrial = new Set(trainTasks.slice(0, 2).map((task) => task.id));
    const result = await trainPolicy({
      env: bugfixEnv,
      model: LearnableModel.initial(),
      config: grpoConfigSchema.parse({ updates: 1, group: 2, tasksPerUpdate: trainTasks.length, seed: 1 }),
      trainTasks,
      source: {
        ...original,
        environmentOf: (taskId, update) => {
          const environment = original.environmentOf(taskId, update);
          return onTrial.has(taskId) ? { ...environment, stacked: true, trial: true } : environment;
        },
      },
      rewardSource: "evaluation",
    });
    const [stats] = result.updates;
    expect([stats!.stackedTasks, stats!.trialTasks]).toEqual([2, 2]);
  });
});
