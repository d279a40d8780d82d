import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bugfixEnv } from "../bridges/bugfix/bugfix-env-definition.js";
import type { Trajectory } from "../core/trajectory.js";
import { runExperiment } from "./run-experiment.js";
import { trainingReward, type RewardSource } from "./training-reward.js";
import { tinyPublicRewardExperiment } from "../testing/tiny-public-reward-experiment.js";
import { productRigDependencies } from "../app/product-rig-dependencies.js";
import { productStackDependencies } from "../app/product-stack-dependencies.js";

describe("the trainer's reward", () => {
  it("is one code path for both arms of an experiment, and a stack pays what the env pays", async () => {
    const calls: Array<{ stack: string; source: RewardSource; value: number; trajectory: Trajectory }> = [];
    const spy = (trajectory: Trajectory, source: RewardSource) => {
      const value = trainingReward(trajectory, source);
      calls.push({ stack: trajectory.stack, source, value, trajectory });
      return value;
    };
    const result = await runExperiment(
      tinyPublicRewardExperiment("reward-path", { tasksPerUpdate: 20, evaluationEvery: 2 }),
      {
        runDirectory: mkdtempSync(join(tmpdir(), "envrigger-experiment-")),
        env: bugfixEnv,
        reward: spy,
        rigDependencies: productRigDependencies(),
        stack: productStackDependencies(),
      },
    );
    // 2 arms × 2 updates × 20 tasks × G = 2 episodes, every one paid by the spy.
    expect(calls).toHaveLength(160);
    expect(result.runs.map((run) => run.trainingEpisodes)).toEqual([80, 80]);
    expect(new Set(calls.map((call) => call.source))).toEqual(new Set(["env"]));
    for (const call of calls) {
      const final = call.trajectory.steps.at(-1)!.info;
      expect(call.value).toBe(final.submitted === true && final.publicPass === true ? 1 : 0);
    }
    const stacked = calls.filter((call) => call.stack !== "bugfix");
    expect(stacked.length).toBeGreaterThan(0);
    bugfixEnv.dispose();
  }, 300_000);
});
