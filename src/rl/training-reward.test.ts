import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bugfixEnv } from "../bridges/bugfix/bugfix-env-definition.js";
import type { Trajectory } from "../core/trajectory.js";
import { runExperiment } from "./run-experiment.js";
import { trainingReward, type RewardSource } from "./training-reward.js";

describe("the trainer's reward", () => {
  it("is one code path for both arms of an experiment, and a stack pays what the env pays", async () => {
    const calls: Array<{ stack: string; source: RewardSource; value: number; trajectory: Trajectory }> = [];
    const spy = (trajectory: Trajectory, source: RewardSource) => {
      const value = trainingReward(trajectory, source);
      calls.push({ stack: trajectory.stack, source, value, trajectory });
      return value;
    };
    const result = await runExperiment(
      {
        version: 1,
        runId: "reward-path",
        env: "bugfix",
        envOptions: { reward: "public" },
        rewardSource: "env",
        seeds: 1,
        grpo: { updates: 2, group: 2, tasksPerUpdate: 20 },
        evaluation: { every: 2, episodes: 1 },
        // Two rollouts per candidate: a wide band and a low confidence, so the new rule can accept on them.
        coevolution: { every: 1, k: 2, kMax: 2, revisions: 0, target: { successBand: [0.3, 0.95] }, confidence: 0.6, confirm: 0 },
      },
      { runDirectory: mkdtempSync(join(tmpdir(), "envrigger-experiment-")), env: bugfixEnv, reward: spy },
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
