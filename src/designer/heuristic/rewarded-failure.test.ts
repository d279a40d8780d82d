import { describe, expect, it } from "vitest";
import type { Trajectory } from "../../core/trajectory.js";
import { ToolRoles } from "../../analysis/tool-roles.js";
import { rewardedFailuresOf, successLevelReward } from "./rewarded-failure.js";
import { shortcutActions } from "./shortcut-actions.js";

/** An episode of a text game: its commands, its total reward, its verdict and the stack it ran under. */
function episode(commands: string[], reward: number, success: boolean, stack = "textworld"): Trajectory {
  return {
    stack,
    stopReason: success ? "terminated" : "budget",
    totalReward: reward,
    evaluation: { success, score: reward, metrics: {} },
    steps: commands.map((text) => ({
      envAction: { name: "command", args: { text } },
      policyAction: { name: "command", args: { text } },
      info: {},
    })),
  } as unknown as Trajectory;
}

const roles = new ToolRoles([
  { name: "command", description: "a text command", inputSchema: { type: "object", properties: {} } },
]);
// The walkthrough: three points, one per step.
const walkthrough = episode(["open trunk", "take key", "unlock door"], 3, true);
// A failure that earned one of the three points on the way, from the task's start.
const partial = episode(["go west", "open trunk", "go east"], 1, false);
// Successes a Setup started one step from the goal: they earn only the last point.
const nearGoal = [1, 2, 3].map(() => episode(["unlock door"], 1, true, "Setup<textworld>"));

describe("rewarded failures on a dense reward", () => {
  it("a partial score is paid like a success when successes that started near the goal set the level (the old comparison)", () => {
    const mixed = [partial, ...nearGoal].map((trajectory) => ({ ...trajectory, stack: "textworld" }));
    expect(successLevelReward(mixed)).toBe(1);
    expect(rewardedFailuresOf({ trajectories: mixed }).rewarded).toHaveLength(1);
  });

  it("successes a Setup started near the goal do not set the level, and a demonstration says what a success pays", () => {
    const observed = [partial, ...nearGoal];
    // Without a demonstration the only comparable episode is the failure: the highest reward seen.
    expect(successLevelReward(observed)).toBe(1);
    expect(successLevelReward(observed, [walkthrough])).toBe(3);
    expect(rewardedFailuresOf({ trajectories: observed, demonstrations: [walkthrough] }).rewarded).toEqual([]);
    expect(shortcutActions([{ trajectories: observed, demonstrations: [walkthrough] }], roles)).toEqual([]);
  });

  it("a failure paid the full reward is still a shortcut, and the demonstration's calls are never its mark", () => {
    const hack = episode(["go west", "open trunk", "score hack"], 3, false);
    const found = shortcutActions([{ trajectories: [hack, hack, partial], demonstrations: [walkthrough] }], roles);
    expect(found.map((entry) => entry.action.args)).toEqual([{ text: "go west" }, { text: "score hack" }]);
    expect(found.every((entry) => entry.otherShare === 0 && entry.rewardedFailures === 2)).toBe(true);
  });

  it("judges each task against its own success level when tasks are pooled", () => {
    // Task A pays 1 for a success; task B pays 3. B's partial score of 1 is no shortcut.
    const taskA = { trajectories: [episode(["take key"], 1, true)] };
    const taskB = { trajectories: [partial, walkthrough] };
    expect(shortcutActions([taskA, taskB], roles)).toEqual([]);
  });
});
