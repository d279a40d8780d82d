import { describe, expect, it } from "vitest";
import type { RolloutStats } from "../rollout/summarize.js";
import { wilsonInterval } from "../rollout/wilson-interval.js";
import { decide, DEFAULT_DECISION_POLICY, type CandidateEvidence } from "./decision-rule.js";

function stats(successes: number, episodes: number, overrides: Partial<RolloutStats> = {}): RolloutStats {
  return {
    episodes,
    successes,
    successRate: successes / episodes,
    successInterval: wilsonInterval(successes, episodes),
    publicPassRate: null,
    meanTurns: 5,
    meanTurnsOfSuccesses: null,
    stopReasons: { submit: episodes },
    invalidCallRate: 0,
    blockedRate: 0,
    blockedEpisodeRate: 0,
    errorRate: 0,
    toolUse: {},
    ...overrides,
  };
}

const evidence = (rolloutStats: RolloutStats, extra: Partial<CandidateEvidence> = {}): CandidateEvidence => ({
  stats: rolloutStats,
  turnsStandardDeviation: 1,
  changesSomething: true,
  ...extra,
});
const band = { successBand: [0.4, 0.6] as [number, number] };

describe("decide", () => {
  it("rejects broken and pass-through candidates", () => {
    expect(decide(band, evidence(stats(2, 5, { errorRate: 0.2 })))).toMatchObject({ decision: "reject", direction: "broken" });
    expect(decide(band, evidence(stats(2, 5), { changesSomething: false }))).toMatchObject({ decision: "reject", direction: "no-effect" });
  });

  it("calls success 0 with most rollouts out of budget unsolvable (relax)", () => {
    const verdict = decide(band, evidence(stats(0, 5, { stopReasons: { budget: 4, submit: 1 } })));
    expect(verdict).toMatchObject({ decision: "refine", direction: "unsolvable" });
    const blocked = decide(band, evidence(stats(0, 5, { blockedEpisodeRate: 0.8 })));
    expect(blocked).toMatchObject({ direction: "unsolvable" });
  });

  it("refines with the signed distance when the interval is wholly outside the band", () => {
    const tooEasy = decide(band, evidence(stats(20, 20)));
    expect(tooEasy).toMatchObject({ decision: "refine", direction: "too-easy" });
    expect((tooEasy as { distance: number }).distance).toBeCloseTo(0.4);
    const tooHard = decide(band, evidence(stats(1, 40)));
    expect(tooHard).toMatchObject({ decision: "refine", direction: "too-hard" });
    expect((tooHard as { distance: number }).distance).toBeCloseTo(0.025 - 0.4);
  });

  it("asks for more rollouts while the interval straddles an edge, up to kMax", () => {
    expect(decide(band, evidence(stats(3, 5))).decision).toBe("more");
    expect(decide(band, evidence(stats(20, 40))).decision).toBe("accept");
    expect(decide(band, evidence(stats(27, 40)))).toMatchObject({ decision: "refine", direction: "too-easy" });
    expect(decide(band, evidence(stats(27, 40)), { ...DEFAULT_DECISION_POLICY, kMax: 80 }).decision).toBe("more");
  });

  it("judges a steps band by the mean and its interval", () => {
    const target = { stepsBand: [4, 6] as [number, number] };
    expect(decide(target, evidence(stats(5, 40, { meanTurns: 5 }), { turnsStandardDeviation: 1 })).decision).toBe("accept");
    expect(decide(target, evidence(stats(5, 40, { meanTurns: 9 }), { turnsStandardDeviation: 1 }))).toMatchObject({ direction: "too-long" });
  });

  it("accepts a weakness target only when the weakness is decisive", () => {
    const target = { weakness: "submits without testing" };
    const decisive = { showing: { episodes: 10, successes: 1 }, notShowing: { episodes: 10, successes: 8 } };
    expect(decide(target, evidence(stats(9, 40), { weakness: decisive })).decision).toBe("accept");
    const notDecisive = { showing: { episodes: 10, successes: 6 }, notShowing: { episodes: 10, successes: 8 } };
    expect(decide(target, evidence(stats(14, 40), { weakness: notDecisive }))).toMatchObject({ decision: "refine", direction: "weakness-not-decisive" });
    const unreachable = { showing: { episodes: 10, successes: 0 }, notShowing: { episodes: 10, successes: 2 } };
    expect(decide(target, evidence(stats(2, 40), { weakness: unreachable }))).toMatchObject({ decision: "refine", direction: "too-hard" });
    const few = { showing: { episodes: 1, successes: 0 }, notShowing: { episodes: 4, successes: 4 } };
    expect(decide(target, evidence(stats(4, 5), { weakness: few })).decision).toBe("more");
  });
});
