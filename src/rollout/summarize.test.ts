import { describe, expect, it } from "vitest";
import type { Trajectory, TrajectoryStep } from "../core/trajectory.js";
import { testEnvEpisodes } from "../testing/test-env-episodes.js";
import { summarize } from "./summarize.js";

const step = (name: string | null, options: { blocked?: boolean; refused?: boolean } = {}): TrajectoryStep => ({
  turn: 0,
  policyAction: { name: name ?? "??", args: {} },
  parsedAction: name === null ? null : { name, args: {} },
  envAction: options.blocked ? null : { name: name ?? "??", args: {} },
  observation: { text: "" },
  reward: 0,
  terminated: false,
  truncated: false,
  info: options.refused ? { actionError: "no such file" } : {},
  layers: [],
  policyMs: 0,
  stepMs: 0,
});

const episode = (steps: TrajectoryStep[], success: boolean, extra: Partial<Trajectory> = {}): Trajectory => ({
  envId: "test",
  stack: "test",
  taskId: "t1",
  group: "g",
  seed: 0,
  policy: "p",
  initialObservation: { text: "" },
  steps,
  stopReason: "submit",
  evaluation: { success, score: success ? 1 : 0, metrics: { publicPass: true } },
  totalReward: 0,
  durationMs: 0,
  ...extra,
});

describe("summarize", () => {
  it("counts turns, blocked and refused steps, tool use in first-call order, public passes and stop messages", () => {
    const episodes = [
      episode([step("read"), step("edit", { refused: true }), step("submit")], true),
      episode([step("edit", { blocked: true }), step(null), step("run")], false, { stopReason: "budget" }),
      episode([step("read"), step("read")], false, {
        evaluation: { success: false, score: 0, metrics: { publicPass: true, submitted: false } },
      }),
      // Errored episodes are counted apart: in no rate but the error rate.
      episode([step("read"), step("read")], false, {
        stopReason: "error",
        error: "boom",
        errorCode: "REMOTE_ENV",
        evaluation: undefined,
      }),
      episode([step("read")], false, { stopReason: "error", error: "bang", evaluation: undefined }),
    ];
    const summary = summarize(episodes);
    expect(summary).toMatchObject({
      episodes: 3,
      errored: 2,
      erroredExternal: 1,
      successes: 1,
      successRate: 1 / 3,
      meanTurns: 8 / 3,
      meanTurnsOfSuccesses: 3,
      publicPassRate: 2 / 3,
      invalidCallRate: 2 / 8,
      blockedRate: 1 / 8,
      blockedEpisodeRate: 1 / 3,
      errorRate: 2 / 5,
      stopReasons: { submit: 2, budget: 1, error: 2 },
      stopMessages: { error: "boom" },
    });
    expect(Object.entries(summary.toolUse)).toEqual([
      ["read", 3],
      ["edit", 2],
      ["submit", 1],
      ["(malformed)", 1],
      ["run", 1],
    ]);
    const { byGroup, ...overall } = summary;
    expect(byGroup).toEqual({ g: overall });
  });

  it("gives the same figures for an array growing batch by batch as for fresh copies, and starts over when earlier episodes change", async () => {
    const episodes = await testEnvEpisodes(12);
    const growing: Trajectory[] = [];
    for (const count of [4, 8, 12]) {
      growing.push(...episodes.slice(growing.length, count));
      expect(summarize(growing)).toEqual(summarize(structuredClone(growing)));
    }
    growing.reverse();
    expect(summarize(growing)).toEqual(summarize(structuredClone(growing)));
    growing.splice(0, 6, ...(await testEnvEpisodes(3)));
    expect(summarize(growing)).toEqual(summarize(structuredClone(growing)));
    expect(summarize(growing.slice(0, 2))).toEqual(summarize(structuredClone(growing.slice(0, 2))));
    // A grouping of the caller's own is never served from the default grouping's totals.
    expect(summarize(growing, () => "all").byGroup.all).toEqual(
      (({ byGroup: _byGroup, ...overall }) => overall)(summarize(growing)),
    );
  });
});
