import { describe, expect, it } from "vitest";
import { rolloutStatsOf } from "../testing/rollout-stats-of.js";
import { successPosterior } from "./band-posterior.js";
import { decide, DEFAULT_DECISION_POLICY, judgeBands, type DecisionPolicy } from "./decision-rule.js";
import { passChanceAtCap, successSummary } from "./early-abandonment.js";

const stats = rolloutStatsOf;
const band = { successBand: [0.4, 0.6] as [number, number] };
const evidence = (successes: number, episodes: number) => ({
  stats: stats(successes, episodes),
  turnsStandardDeviation: 1,
  changesSomething: true,
});
const withoutAbandonment: DecisionPolicy = { ...DEFAULT_DECISION_POLICY, abandon: undefined };
const exact: DecisionPolicy = { ...withoutAbandonment, tolerance: 0 };

describe("the band promised within a tolerance (issue 32)", () => {
  it("accepts when the true rate is in [lo − ε, hi + ε] at the confidence and the measured rate in [lo, hi]", () => {
    // 20/40: P(true in [0.35, 0.65]) ≥ 0.9 — accepted at ε = 0.05; P(in [0.4, 0.6]) ≈ 0.79 — more at ε = 0.
    expect(successPosterior(20, 40, [0.35, 0.65]).inside).toBeGreaterThanOrEqual(0.9);
    expect(decide(band, evidence(20, 40), withoutAbandonment)).toMatchObject({ decision: "accept", stop: "decided" });
    expect(decide(band, evidence(20, 40), exact).decision).toBe("more");
  });

  it("never accepts a measured rate outside [lo, hi], however sure the widened band is", () => {
    // 190/500 = 0.38: P(true in [0.35, 0.65]) ≥ 0.9, but the estimate lies below 0.4.
    expect(successPosterior(190, 500, [0.35, 0.65]).inside).toBeGreaterThanOrEqual(0.9);
    expect(decide(band, evidence(190, 500), { ...withoutAbandonment, kMax: 1000 }).decision).toBe("more");
    // At the cap it is refined towards the side its estimate lies on.
    expect(decide(band, evidence(190, 500), { ...withoutAbandonment, kMax: 500 })).toMatchObject({
      decision: "refine",
      direction: "too-hard",
      stop: "cap",
    });
  });

  it("refines only when 0.9 of the posterior lies beyond the widened band on one side", () => {
    // 14/50 = 0.28: 0.97 below 0.4 (refined at ε = 0), 0.86 below 0.35 (more at ε = 0.05).
    expect(successPosterior(14, 50, [0.4, 1]).below).toBeGreaterThan(0.9);
    expect(successPosterior(14, 50, [0.35, 1]).below).toBeLessThan(0.9);
    expect(decide(band, evidence(14, 50), exact)).toMatchObject({ decision: "refine", direction: "too-hard" });
    expect(decide(band, evidence(14, 50), withoutAbandonment).decision).toBe("more");
    expect(decide(band, evidence(8, 50), withoutAbandonment)).toMatchObject({
      decision: "refine",
      direction: "too-hard",
    });
  });

  it("skips a baseline by the same rule and says which interval it promises", () => {
    const judged = judgeBands(band, stats(20, 40), { turnsDeviation: 1, canSpend: false, tolerance: 0.05 });
    expect(judged.kind).toBe("in");
    expect(judged.message).toContain("P(in [0.35, 0.65])");
    expect(judgeBands(band, stats(20, 40), { turnsDeviation: 1, canSpend: false, tolerance: 0 }).kind).toBe("out");
  });

  it("widens the steps band by the steps tolerance, in turns", () => {
    const steps = { stepsBand: [4, 6] as [number, number] };
    // Mean 6.5 turns (deviation 1, n = 100): above [4, 6] surely; inside [3, 7] — but the mean lies outside [4, 6].
    const long = stats(50, 100, { meanTurns: 6.5 });
    expect(judgeBands(steps, long, { turnsDeviation: 1, canSpend: true, stepsTolerance: 0 })).toMatchObject({
      kind: "out",
      direction: "too-long",
    });
    expect(judgeBands(steps, long, { turnsDeviation: 1, canSpend: true, stepsTolerance: 1 }).kind).toBe("more");
    const inside = stats(15, 30, { meanTurns: 5.8 });
    expect(judgeBands(steps, inside, { turnsDeviation: 1, canSpend: false, stepsTolerance: 1 }).kind).toBe("in");
    expect(judgeBands(steps, inside, { turnsDeviation: 1, canSpend: false, stepsTolerance: 0 }).kind).toBe("out");
  });

  it("abandons a candidate whose estimate cannot come into [lo, hi], though the widened band would hold", () => {
    // 150/400 = 0.375 with 100 rollouts left: its posterior mean will not reach 0.4.
    const summary = successSummary(150, 400, [0.4, 0.6], [0.35, 0.65]);
    expect(passChanceAtCap(summary, 100, 0.9)).toBeLessThan(0.1);
    // The same posterior in the middle passes surely.
    expect(passChanceAtCap(successSummary(200, 400, [0.4, 0.6], [0.35, 0.65]), 100, 0.9)).toBeGreaterThan(0.9);
  });
});
