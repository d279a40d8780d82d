import { describe, expect, it } from "vitest";
import { PREREGISTERED_EXPERIMENTS } from "./preregistered-experiments.js";
import { experimentConfigSchema } from "./run-experiment.js";

describe("pre-registered designs", () => {
  it("all parse, and each env id names that env's own design", () => {
    for (const [name, design] of Object.entries(PREREGISTERED_EXPERIMENTS)) {
      const config = experimentConfigSchema.parse({ version: 1, runId: name, ...design });
      expect(name === config.env || name.startsWith(`${config.env}-`)).toBe(true);
    }
  });

  it("equal-budget designs let the budget, not the update cap, end every arm", () => {
    const designs = Object.entries(PREREGISTERED_EXPERIMENTS).filter(([name]) => name.endsWith("-equal-budget"));
    expect(designs.map(([name]) => name).sort()).toEqual([
      "bugfix-equal-budget",
      "textworld-equal-budget",
      "toy24-equal-budget",
    ]);
    for (const [, design] of designs) {
      const config = experimentConfigSchema.parse({ version: 1, runId: "x", ...design });
      expect(config.totalRollouts).toBeDefined();
      // The cheapest arm (original) spends tasksPerUpdate × G per update: the cap must not stop it first.
      expect(config.grpo.updates * config.grpo.tasksPerUpdate * config.grpo.group).toBeGreaterThanOrEqual(
        config.totalRollouts!,
      );
      expect(config.arms).toEqual(["original", "filtered", "reverse", "harness", "random-harness", "ceiling"]);
      expect(config.seeds).toBeGreaterThanOrEqual(5);
    }
  });

  it("the trial-validation designs are the equal-budget ones with training validation; the designs already run keep rigging", () => {
    for (const env of ["toy24", "textworld"]) {
      const trial = PREREGISTERED_EXPERIMENTS[`${env}-trial-validation`]!;
      const equal = PREREGISTERED_EXPERIMENTS[`${env}-equal-budget`]!;
      expect(trial).toEqual({ ...equal, coevolution: { ...equal.coevolution, validation: "training" } });
    }
    for (const [name, design] of Object.entries(PREREGISTERED_EXPERIMENTS)) {
      if (name.endsWith("-trial-validation")) continue;
      const config = experimentConfigSchema.parse({ version: 1, runId: name, ...design });
      expect(config.coevolution.validation).toBe("rigging");
    }
  });
});
