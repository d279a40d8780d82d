import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { productRigDependencies } from "../app/product-rig-dependencies.js";
import { createBugFixEnvDefinition } from "../bridges/bugfix/bugfix-env-definition.js";
import { tinyPublicRewardExperiment } from "../testing/tiny-public-reward-experiment.js";
import { runExperiment } from "./run-experiment.js";
import { productStackDependencies } from "../app/product-stack-dependencies.js";

const definition = createBugFixEnvDefinition();
const directory = mkdtempSync(join(tmpdir(), "envrigger-equal-budget-"));
afterAll(() => {
  definition.dispose();
  rmSync(directory, { recursive: true, force: true });
});

describe("an experiment at equal total budget", () => {
  it("spends every arm's budget — training, filtering and rigging — and reports coverage", async () => {
    const budget = 48;
    // Updates cap: the original arm's budget in updates (4 tasks × G 2 = 8 rollouts each).
    const base = tinyPublicRewardExperiment("equal-budget", { tasksPerUpdate: 4, evaluationEvery: 2 });
    const result = await runExperiment(
      {
        ...base,
        arms: ["original", "filtered", "harness", "random-harness", "ceiling"],
        grpo: { ...base.grpo, updates: budget / 8 },
        totalRollouts: budget,
        filterDrawFactor: 2,
        ceilingFactor: 2,
        coevolution: { ...base.coevolution!, every: 2 },
      },
      {
        runDirectory: join(directory, "experiment"),
        env: definition,
        rigDependencies: productRigDependencies(),
        stack: productStackDependencies(),
      },
    );
    const byArm = (arm: string) => result.runs.find((run) => run.arm === arm)!;
    // Each arm spends its budget, overrunning it by at most one update's first draw (4 groups of 2).
    for (const arm of ["original", "filtered", "harness", "random-harness"]) {
      expect(byArm(arm).totalRollouts).toBeGreaterThanOrEqual(budget);
      expect(byArm(arm).totalRollouts).toBeLessThanOrEqual(budget + 8);
      expect(result.arms[arm as "original"]!.totalRollouts).toBe(byArm(arm).totalRollouts);
    }
    expect(byArm("original").totalRollouts).toBe(budget);
    expect(byArm("original").trainingEpisodes).toBe(budget);
    // The rigging arms trained on fewer episodes: their rounds' rollouts came out of the same budget.
    for (const arm of ["harness", "random-harness"]) {
      const run = byArm(arm);
      expect(run.riggingRollouts).toBeGreaterThan(0);
      expect(run.trainingEpisodes + run.riggingCost.rollouts).toBe(run.totalRollouts);
      expect(run.coverage.length).toBeGreaterThan(0);
    }
    // The filtered arm paid for the groups it dropped.
    const filtered = byArm("filtered");
    expect(filtered.totalRollouts).toBeGreaterThanOrEqual(filtered.trainingEpisodes);
    expect(filtered.coverage.every((value) => value === 0)).toBe(true);
    // The ceiling trains on the held-out tasks with twice the budget.
    expect(byArm("ceiling").totalRollouts).toBe(2 * budget);
    const training = JSON.parse(readFileSync(join(byArm("ceiling").runDirectory, "training.json"), "utf8")) as {
      trainSplit: string;
    };
    expect(training.trainSplit).toBe("heldout");
    // The random arm's rounds were rigged by the random-edit designer.
    const round = JSON.parse(
      readFileSync(join(byArm("random-harness").runDirectory, "coevolution", "round-0", "rig", "run.json"), "utf8"),
    ) as { designer: string };
    expect(round.designer).toBe("random");
    // Curves against total rollouts: every evaluation point says what was spent when it was taken.
    for (const run of result.runs) for (const point of run.curve) expect(point.totalRollouts).toBeGreaterThanOrEqual(0);
    expect(result.differences.length).toBe(10);
  }, 600_000);
});
