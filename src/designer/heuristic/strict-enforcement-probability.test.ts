import { describe, expect, it } from "vitest";
import type { Trajectory } from "../../core/trajectory.js";
import type { RolloutStats } from "../../rollout/summarize.js";
import type { DesignContext } from "../designer.js";
import { strictEnforcementProbability, strictEnforcementReach } from "./strict-enforcement-probability.js";

/** A baseline episode: whether it succeeded and whether it shows the weakness (a tag the test's `shows` reads). */
const episode = (success: boolean, showing: boolean): Trajectory =>
  ({
    taskId: showing ? "showing" : "plain",
    stopReason: "terminated",
    evaluation: { success, score: success ? 1 : 0, metrics: {} },
  }) as unknown as Trajectory;
const shows = (trajectory: Trajectory) => trajectory.taskId === "showing";
const context = (episodes: Trajectory[], successBand: [number, number] | null = [0.4, 0.6]): DesignContext => {
  const successRate = episodes.filter((trajectory) => trajectory.evaluation?.success).length / episodes.length;
  const stats = { episodes: episodes.length, successRate } as RolloutStats;
  return {
    envId: "e",
    taskId: "t",
    instruction: "",
    tools: [],
    stateSchema: "",
    harnessApi: "",
    target: successBand ? { successBand } : { stepsBand: [3, 5] },
    baseline: { stats, trajectories: episodes },
    attempts: [],
    seed: 0,
  };
};

describe("strict enforcement", () => {
  it("reaches the band when the successful episodes showing the weakness are enough to lose", () => {
    // Success 1.0; 3 of 5 successes show it: voiding them all gives 0.4, inside the band.
    const many = context([
      episode(true, true),
      episode(true, true),
      episode(true, true),
      episode(true, false),
      episode(true, false),
    ]);
    expect(strictEnforcementReach(many, shows)).toBe(1);
    expect(strictEnforcementProbability(many, shows)).toBeCloseTo(0.5 / 0.6, 6);
  });

  it("says how much of the drop it makes when it cannot reach the band alone", () => {
    // Success 1.0, one success of five shows it (repeats after a slip): at best 0.8, a 0.2 drop of the 0.4 needed.
    const one = context([
      episode(true, true),
      episode(true, false),
      episode(true, false),
      episode(true, false),
      episode(true, false),
    ]);
    expect(strictEnforcementReach(one, shows)).toBeCloseTo(0.5, 6);
    // Failures that show it (a policy looking around after its plan failed) cost nothing to void.
    const afterFailure = context([
      episode(false, true),
      episode(true, false),
      episode(true, false),
      episode(true, false),
    ]);
    expect(strictEnforcementReach(afterFailure, shows)).toBe(0);
    expect(strictEnforcementProbability(afterFailure, shows)).toBeNull();
  });

  it("does not limit a plan without a success band or for a baseline inside or below it", () => {
    const one = [
      episode(true, true),
      episode(true, false),
      episode(true, false),
      episode(true, false),
      episode(true, false),
    ];
    expect(strictEnforcementReach(context(one, null), shows)).toBe(1);
    expect(strictEnforcementReach(context([episode(true, true), episode(false, false)]), shows)).toBe(1);
  });
});
