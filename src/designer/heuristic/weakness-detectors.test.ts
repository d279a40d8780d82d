import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../core/json.js";
import type { ToolSpec } from "../../core/tool-spec.js";
import type { StopReason, Trajectory } from "../../core/trajectory.js";
import { summarize } from "../../rollout/summarize.js";
import { givesUpEarlyDetector } from "./gives-up-early-detector.js";
import { ignoresFailedVerificationDetector } from "./ignores-failed-verification-detector.js";
import { invalidCallsDetector } from "./invalid-calls-detector.js";
import { overReliesOnToolDetector } from "./over-relies-on-tool-detector.js";
import { repeatsActionsDetector } from "./repeats-actions-detector.js";
import { runsOutOfBudgetDetector } from "./runs-out-of-budget-detector.js";
import { skipsVerificationDetector } from "./skips-verification-detector.js";
import { successBandDetector } from "./success-band-detector.js";
import { ToolRoles } from "../../analysis/tool-roles.js";
import type { DetectionInput } from "./weakness-detector.js";

const none = { type: "object" };
const tools: ToolSpec[] = [
  { name: "look", description: "Describe the room.", inputSchema: none },
  { name: "check", description: "Check the current plan.", inputSchema: none },
  { name: "move", description: "Move an object.", inputSchema: none },
  { name: "answer", description: "Give the final answer; ends the episode.", inputSchema: none },
];

interface Call {
  name: string | null;
  args?: JsonObject;
  text?: string;
  blocked?: boolean;
  error?: string;
}

/** A hand-built trajectory of these calls. */
function episode(calls: Call[], success: boolean, stopReason: StopReason = "submit"): Trajectory {
  return {
    envId: "hand",
    stack: "hand",
    taskId: "t",
    seed: 0,
    policy: "p",
    initialObservation: { text: "start" },
    steps: calls.map((call, turn) => {
      const action = call.name === null ? null : { name: call.name, args: call.args ?? {} };
      return {
        turn,
        policyAction: action ?? "garbled",
        parsedAction: action,
        envAction: call.blocked ? null : (action ?? "garbled"),
        observation: { text: call.text ?? "ok" },
        reward: 0,
        terminated: false,
        truncated: false,
        info: { actionError: call.error ?? (call.blocked ? "blocked" : null) },
        layers: [],
        policyMs: 0,
        stepMs: 0,
      };
    }),
    stopReason,
    evaluation: { success, score: success ? 1 : 0, metrics: {} },
    totalReward: success ? 1 : 0,
    durationMs: 0,
  };
}

function input(trajectories: Trajectory[], band: [number, number] = [0.4, 0.6]): DetectionInput {
  return { trajectories, stats: summarize(trajectories), roles: new ToolRoles(tools), target: { successBand: band } };
}

const look = { name: "look" };
const move = { name: "move", args: { to: "drawer" } };
const answer = { name: "answer" };
const checkPass = { name: "check", text: "all checks pass" };
const checkFail = { name: "check", text: "1 failed: the drawer is still open" };

describe("weakness detectors", () => {
  it("skips-verification: finishing before any verification, per episode", () => {
    const trajectories = [
      episode([look, move, answer], false),
      episode([look, move, answer], true),
      episode([look, move, checkPass, answer], true),
      episode([look, move, checkPass, answer], true),
    ];
    const weakness = skipsVerificationDetector.detect(input(trajectories));
    expect(weakness?.id).toBe("skips-verification");
    expect(weakness?.evidence).toContain("2/4 episodes (50%)");
    expect(weakness?.evidence).toContain("success 50% in those vs 100% in the others");
    expect(trajectories.map((trajectory) => skipsVerificationDetector.shows(trajectory, tools))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    // A blocked verification does not count as verifying.
    expect(skipsVerificationDetector.shows(episode([{ ...checkPass, blocked: true }, answer], false), tools)).toBe(
      true,
    );
    expect(skipsVerificationDetector.detect(input([episode([look, checkPass, answer], true)]))).toBeNull();
  });

  it("ignores-failed-verification: finishing right after a failed check", () => {
    const trajectories = [
      episode([look, checkFail, answer], false),
      episode([look, checkFail, move, checkPass, answer], true),
      episode([checkPass, answer], true),
    ];
    expect(trajectories.map((trajectory) => ignoresFailedVerificationDetector.shows(trajectory, tools))).toEqual([
      true,
      false,
      false,
    ]);
    expect(ignoresFailedVerificationDetector.detect(input(trajectories))?.evidence).toContain("1/3 episodes (33%)");
    expect(
      ignoresFailedVerificationDetector.shows(
        episode([{ name: "check", text: "0 failed, 3 passed" }, answer], true),
        tools,
      ),
    ).toBe(false);
  });

  it("repeats-actions: identical consecutive calls only", () => {
    const repeated = episode([look, look, look, move, answer], true);
    const varied = episode([look, move, { name: "move", args: { to: "shelf" } }, answer], true);
    expect(repeatsActionsDetector.shows(repeated)).toBe(true);
    expect(repeatsActionsDetector.shows(varied)).toBe(false);
    expect(repeatsActionsDetector.detect(input([repeated, varied]))?.evidence).toContain("2 repeats");
    expect(repeatsActionsDetector.detect(input([varied, varied]))).toBeNull();
  });

  it("invalid-calls: refused or malformed calls, not blocked ones", () => {
    const refused = episode([{ name: "fly", error: "unknown tool" }, answer], false);
    const malformed = episode([{ name: null }, answer], false);
    const blocked = episode([{ ...move, blocked: true }, answer], true);
    expect([refused, malformed, blocked].map((trajectory) => invalidCallsDetector.shows(trajectory))).toEqual([
      true,
      true,
      false,
    ]);
    expect(invalidCallsDetector.detect(input([refused, blocked]))?.severity).toBeCloseTo(0.5);
  });

  it("runs-out-of-budget and gives-up-early", () => {
    const slow = episode([look, look, look, look], false, "budget");
    const early = episode([move, answer], false);
    const careful = episode([look, move, checkPass, answer], true);
    expect(runsOutOfBudgetDetector.detect(input([slow, careful]))?.evidence).toContain('"budget":1');
    expect([slow, early, careful].map((trajectory) => givesUpEarlyDetector.shows(trajectory, tools))).toEqual([
      false,
      true,
      false,
    ]);
    expect(givesUpEarlyDetector.detect(input([careful]))).toBeNull();
  });

  it("over-relies-on-tool: one tool takes most calls", () => {
    const leaning = episode([look, look, move, look, answer], false);
    expect(overReliesOnToolDetector.shows(leaning)).toBe(true);
    expect(overReliesOnToolDetector.shows(episode([look, move, checkPass, answer], true))).toBe(false);
    expect(overReliesOnToolDetector.detect(input([leaning]))?.evidence).toContain("look 60%");
  });

  it("success above or below the band", () => {
    const wins = [episode([answer], true), episode([answer], true), episode([answer], false)];
    expect(successBandDetector("above").detect(input(wins))?.evidence).toMatch(
      /success 0\.67 .* above the target band \[0\.4, 0\.6\] by 0\.07/,
    );
    expect(successBandDetector("below").detect(input(wins))).toBeNull();
    expect(successBandDetector("below").detect(input(wins, [0.8, 1]))?.id).toBe("success-below-band");
    expect(successBandDetector("below").shows(wins[2]!)).toBe(true);
  });
});
