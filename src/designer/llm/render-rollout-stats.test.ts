import { describe, expect, it } from "vitest";
import type { RolloutStats } from "../../rollout/summarize.js";
import { renderRolloutStats } from "./render-rollout-stats.js";

describe("renderRolloutStats", () => {
  const stats: RolloutStats = {
    episodes: 5,
    errored: 0,
    erroredExternal: 0,
    successes: 2,
    successRate: 0.4,
    successInterval: [0.1176, 0.7693],
    publicPassRate: 0.6,
    meanTurns: 7.2,
    meanTurnsOfSuccesses: 5,
    stopMessages: {},
    stopReasons: { submit: 3, budget: 2 },
    invalidCallRate: 0.125,
    blockedRate: 0.05,
    blockedEpisodeRate: 0.2,
    errorRate: 0,
    toolUse: { inc: 20, submit: 3, peek: 13 },
  };

  it("renders rate with interval, turns, stop reasons, rates and tool use compactly", () => {
    const text = renderRolloutStats(stats);
    expect(text).toContain("success rate 0.40 (95% interval 0.12–0.77)");
    expect(text).toContain("mean turns: 7.2 (successful episodes: 5.0)");
    expect(text).toContain("stop reasons: submit 3, budget 2");
    expect(text).toContain("invalid-call rate 0.13");
    expect(text).toContain("blocked rate 0.05 (episodes with a blocked action 0.20)");
    expect(text).toContain("public checks pass at the end: 0.60");
    expect(text).toContain("tool use: inc 20, peek 13, submit 3");
    expect(text.split("\n").length).toBeLessThanOrEqual(6);
  });

  it("says when nothing succeeded and omits an unknown public pass rate", () => {
    const text = renderRolloutStats({
      ...stats,
      successes: 0,
      successRate: 0,
      meanTurnsOfSuccesses: null,
      publicPassRate: null,
      toolUse: {},
    });
    expect(text).toContain("(no successes)");
    expect(text).not.toContain("public checks");
    expect(text).toContain("tool use: none");
  });
});
