import { describe, expect, it } from "vitest";
import { rolloutStatsOf } from "../testing/rollout-stats-of.js";
import { decide, DEFAULT_DECISION_POLICY, type DecisionPolicy } from "./decision-rule.js";
import { abandonment, outOfReach, passChanceAtCap, successSummary, type AbandonmentRule } from "./early-abandonment.js";
import { mixturePosterior, type MixturePoint } from "./mixture-posterior.js";

const stats = rolloutStatsOf;

const band = { successBand: [0.4, 0.6] as [number, number] };
const futility: AbandonmentRule = { kind: "futility", below: 0.1, after: 20, templates: true };
/** On the band itself (`--tolerance 0`), cap 400: the examples below are the rule's before issue 32. */
const exact: DecisionPolicy = { ...DEFAULT_DECISION_POLICY, tolerance: 0, kMax: 400 };
const abandoning: DecisionPolicy = { ...exact, abandon: futility };
const withoutAbandonment: DecisionPolicy = { ...exact, abandon: undefined };
const evidence = (successes: number, episodes: number) => ({
  stats: stats(successes, episodes),
  turnsStandardDeviation: 1,
  changesSomething: true,
});

describe("passChanceAtCap", () => {
  it("is high in the band's middle, near zero far outside it, and zero when nothing is left to spend", () => {
    const middle = successSummary(20, 40, [0.4, 0.6]);
    const outside = successSummary(10, 40, [0.4, 0.6]);
    expect(passChanceAtCap(middle, 160, 0.9)).toBeGreaterThan(0.5);
    expect(passChanceAtCap(outside, 160, 0.9)).toBeLessThan(0.05);
    // 20/40 has P(in band) ≈ 0.79 < 0.9 now: with no rollouts left it cannot pass.
    expect(passChanceAtCap(middle, 0, 0.9)).toBe(0);
  });

  it("falls as the cap comes nearer for a rate near an edge", () => {
    const nearEdge = successSummary(17, 40, [0.4, 0.6]);
    expect(passChanceAtCap(nearEdge, 20, 0.9)).toBeLessThan(passChanceAtCap(nearEdge, 160, 0.9));
  });
});

describe("abandonment", () => {
  const summaries = (successes: number, episodes: number) => [successSummary(successes, episodes, [0.4, 0.6])];

  it("waits for `after` episodes, then drops on the floor or on the futility", () => {
    const evidenceAt = (successes: number, episodes: number, probability: number) => ({
      probability,
      summaries: summaries(successes, episodes),
      episodes,
      remaining: 200 - episodes,
      confidence: 0.9,
    });
    expect(abandonment(futility, evidenceAt(2, 15, 0.01))).toBeUndefined();
    expect(abandonment(futility, evidenceAt(6, 30, 0.05))).toMatchObject({ kind: "candidate" });
    const floor: AbandonmentRule = { kind: "floor", below: 0.3, after: 20, templates: false };
    expect(abandonment(floor, evidenceAt(12, 30, 0.2))).toMatchObject({ kind: "candidate", probability: 0.2 });
    expect(abandonment(floor, evidenceAt(12, 30, 0.5))).toBeUndefined();
  });
});

describe("decide with early abandonment", () => {
  it("refines a hopeless candidate before the cap with stop 'abandoned', the same direction the cap would give", () => {
    const verdict = decide(band, evidence(9, 30), abandoning);
    expect(verdict).toMatchObject({ decision: "refine", direction: "too-hard", stop: "abandoned" });
    expect(decide(band, evidence(9, 30), withoutAbandonment)).toMatchObject({ decision: "more" });
  });

  it("keeps spending on a candidate that can still pass, and accepts as before", () => {
    expect(decide(band, evidence(10, 20), abandoning)).toMatchObject({ decision: "more" });
    expect(decide(band, evidence(60, 120), abandoning)).toMatchObject({ decision: "accept", stop: "decided" });
  });

  it("abandons sooner when a budget leaves fewer rollouts than the cap", () => {
    const nearEdge = { ...evidence(17, 45) };
    expect(decide(band, nearEdge, abandoning)).toMatchObject({ decision: "more" });
    expect(decide(band, { ...nearEdge, remainingRollouts: 10 }, abandoning)).toMatchObject({ stop: "abandoned" });
  });
});

describe("a mixture template out of reach", () => {
  const point = (share: number, on: [number, number], off: [number, number]): MixturePoint => ({
    share,
    on: { successes: on[0], episodes: on[1] },
    off: { successes: off[0], episodes: off[1] },
    undrawn: { successes: 0, episodes: 0 },
  });

  it("is dropped (out-of-reach) when both ends of its line lie above the band", () => {
    // Off 0.9 (the baseline), on 0.8 even when switched on in every episode: no share reaches [0.4, 0.6].
    const current = point(1, [24, 30], [0, 0]);
    const pooled = mixturePosterior({ current, earlier: [], baseline: { successes: 45, episodes: 50 } });
    expect(outOfReach(pooled, [0.4, 0.6])).toBeGreaterThan(0.95);
    const verdict = decide(band, { ...evidence(24, 30), pooled }, abandoning);
    expect(verdict).toMatchObject({ decision: "refine", direction: "out-of-reach", stop: "abandoned" });
  });

  it("is kept when its ends bracket the band", () => {
    const current = point(0.5, [2, 12], [11, 12]);
    const pooled = mixturePosterior({ current, earlier: [], baseline: { successes: 45, episodes: 50 } });
    expect(outOfReach(pooled, [0.4, 0.6])).toBeLessThan(0.01);
  });
});
