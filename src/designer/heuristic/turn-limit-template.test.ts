import { describe, expect, it } from "vitest";
import type { Trajectory } from "../../core/trajectory.js";
import { summarize } from "../../rollout/summarize.js";
import type { DesignContext } from "../designer.js";
import { estimateLimit } from "./turn-limit-template.js";

/** Baseline episodes of `turns` turns each, succeeding as `successes` says. */
function context(episodes: Array<{ turns: number; success: boolean }>): DesignContext {
  const trajectories = episodes.map(
    ({ turns, success }) =>
      ({
        stopReason: "submit",
        evaluation: { success, score: 0, metrics: {} },
        steps: Array.from({ length: turns }, () => ({ info: {} })),
      }) as unknown as Trajectory,
  );
  return {
    envId: "e",
    taskId: "t",
    instruction: "",
    tools: [],
    stateSchema: "",
    harnessApi: "",
    target: { successBand: [0.4, 0.6] },
    baseline: { stats: summarize(trajectories), trajectories },
    attempts: [],
    seed: 0,
  } as DesignContext;
}

describe("turn-limit's first limit (estimateLimit)", () => {
  it("gives a fractional limit that cuts the band's share of episodes when every episode takes the same turns", () => {
    // All succeed in 4 turns: 3 turns cuts all, 4 none; 3.5 mixes them half and half.
    expect(estimateLimit(context(Array.from({ length: 10 }, () => ({ turns: 4, success: true }))), 4)).toBeCloseTo(
      3.5,
      9,
    );
  });

  it("interpolates between the estimates at the two integers around the band's middle, the mildest first", () => {
    // Successes within 3 turns: 0.2; within 4: 0.8 (of 10). The middle 0.5 lies halfway: 3.5.
    const episodes = [
      ...Array.from({ length: 2 }, () => ({ turns: 3, success: true })),
      ...Array.from({ length: 6 }, () => ({ turns: 4, success: true })),
      { turns: 5, success: true },
      { turns: 5, success: false },
    ];
    expect(estimateLimit(context(episodes), 5)).toBeCloseTo(3.5, 9);
  });

  it("keeps the mildest integer limit where the estimate meets the middle exactly", () => {
    // Half succeed in 3 turns, half in 5: limits 3 and 4 both give 0.5; 4 cuts less.
    const episodes = [
      ...Array.from({ length: 5 }, () => ({ turns: 3, success: true })),
      ...Array.from({ length: 5 }, () => ({ turns: 5, success: true })),
    ];
    expect(estimateLimit(context(episodes), 5)).toBe(4);
  });
});
