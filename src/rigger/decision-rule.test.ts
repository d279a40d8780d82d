import { describe, expect, it } from "vitest";
import type { RolloutStats } from "../rollout/summarize.js";
import { rolloutStatsOf } from "../testing/rollout-stats-of.js";
import {
  decide,
  judgeBands,
  CHECK_DECISION_POLICY,
  DEFAULT_DECISION_POLICY,
  type CandidateEvidence,
  type DecisionPolicy,
} from "./decision-rule.js";

const stats = rolloutStatsOf;

const evidence = (rolloutStats: RolloutStats, extra: Partial<CandidateEvidence> = {}): CandidateEvidence => ({
  stats: rolloutStats,
  turnsStandardDeviation: 1,
  changesSomething: true,
  ...extra,
});
const band = { successBand: [0.4, 0.6] as [number, number] };
/** Evidence whose confirmation batch already ran (from episode `from` on). */
const confirmed = (rolloutStats: RolloutStats, from: number) => evidence(rolloutStats, { confirmationFrom: from });
const check: DecisionPolicy = CHECK_DECISION_POLICY;
/** The judgeBands options of the check rule. */
const onCheck = { checkRollouts: 100, refineConfidence: 0.975, tolerance: 0 };
/** The default rule with no tolerance: the promise on the band itself (`--tolerance 0`). */
const exact: DecisionPolicy = { ...DEFAULT_DECISION_POLICY, tolerance: 0, stepsTolerance: 0 };
const atCap = (kMax: number) => ({ ...check, kMax });

describe("decide", () => {
  it("rejects a broken candidate at once", () => {
    expect(decide(band, evidence(stats(2, 5, { errored: 1, errorRate: 1 / 6 })), check)).toMatchObject({
      decision: "reject",
      direction: "broken",
    });
  });

  it("never blames a candidate for episodes that errored outside it: decides on the rest, or refuses with EPISODES_ERRORED", () => {
    const fewExternal = stats(50, 100, { errored: 1, erroredExternal: 1, errorRate: 1 / 101 });
    expect(decide(band, evidence(fewExternal))).not.toMatchObject({ direction: "broken" });
    const manyExternal = stats(50, 100, { errored: 20, erroredExternal: 20, errorRate: 20 / 120 });
    expect(() => decide(band, evidence(manyExternal))).toThrow(
      expect.objectContaining({
        code: "EPISODES_ERRORED",
        message: expect.stringMatching(/^20 of 120 validation episodes errored outside the candidate/),
      }),
    );
    // The candidate's own errors still break it, however few.
    const ownError = stats(50, 100, { errored: 2, erroredExternal: 1, errorRate: 2 / 102 });
    expect(decide(band, evidence(ownError))).toMatchObject({ decision: "reject", direction: "broken" });
  });

  it("calls a pass-through no-effect only on minimum evidence", () => {
    expect(decide(band, evidence(stats(2, 5), { changesSomething: false }), check).decision).toBe("more");
    expect(decide(band, evidence(stats(4, 10), { changesSomething: false }), check)).toMatchObject({
      decision: "reject",
      direction: "no-effect",
    });
  });

  it("calls success 0 with most rollouts stalled unsolvable only on minimum evidence", () => {
    expect(decide(band, evidence(stats(0, 5, { stopReasons: { budget: 4, submit: 1 } })), check).decision).toBe("more");
    expect(decide(band, evidence(stats(0, 10, { stopReasons: { budget: 8, submit: 2 } })), check)).toMatchObject({
      decision: "refine",
      direction: "unsolvable",
    });
    expect(decide(band, evidence(stats(0, 10, { blockedEpisodeRate: 0.8 })), check)).toMatchObject({
      direction: "unsolvable",
    });
  });

  it("refines early when the posterior mass lies on one side, with the signed distance", () => {
    const tooEasy = decide(band, evidence(stats(20, 20)), check);
    expect(tooEasy).toMatchObject({ decision: "refine", direction: "too-easy" });
    expect((tooEasy as { distance: number }).distance).toBeCloseTo(0.4);
    const tooHard = decide(band, evidence(stats(1, 40)), check);
    expect(tooHard).toMatchObject({ decision: "refine", direction: "too-hard" });
    expect((tooHard as { distance: number }).distance).toBeCloseTo(0.025 - 0.4);
  });

  it("does not accept the borderline 15/40 and 25/40 that a point estimate in [0.4, 0.6] would", () => {
    // P(rate in band) = 0.39 for both: undecided → more rollouts while below kMax…
    expect(decide(band, evidence(stats(15, 40)), check).decision).toBe("more");
    expect(decide(band, evidence(stats(25, 40)), check).decision).toBe("more");
    // …and at the cap, refined towards the heavier side (the distance to the edge it misses).
    const low = decide(band, evidence(stats(15, 40)), atCap(40));
    expect(low).toMatchObject({ decision: "refine", direction: "too-hard" });
    expect((low as { distance: number }).distance).toBeCloseTo(0.375 - 0.4);
    // An estimate inside the band but short of the confidence at the cap: the distance to the band's middle.
    const inside = decide(band, evidence(stats(17, 40)), atCap(40));
    expect(inside).toMatchObject({ decision: "refine", direction: "too-hard" });
    expect((inside as { distance: number }).distance).toBeCloseTo(0.425 - 0.5);
    expect(decide(band, evidence(stats(25, 40)), atCap(40))).toMatchObject({
      decision: "refine",
      direction: "too-easy",
    });
    // Even 20/40, dead centre, gives a 100-rollout check only P = 0.75 < 0.9 of landing in band: not enough.
    expect(decide(band, evidence(stats(20, 40)), check).decision).toBe("more");
    // 60/120 has its true rate in band at P = 0.97 — what the posterior rule accepted — but a
    // fresh 100-rollout check lands in band only at P = 0.88: the default rule wants more.
    expect(decide(band, evidence(stats(60, 120)), check).decision).toBe("more");
    expect(decide(band, evidence(stats(60, 120)), { ...check, checkRollouts: 0 })).toMatchObject({
      decision: "more",
      confirm: true,
    });
  });

  it("confirms a passing candidate on fresh rollouts before the final accept (winner's curse)", () => {
    const passing = decide(band, evidence(stats(100, 200)), check);
    expect(passing).toMatchObject({ decision: "more", confirm: true });
    expect(decide(band, confirmed(stats(110, 220), 200), check)).toMatchObject({
      decision: "accept",
      direction: "in-band",
    });
    // The lucky pass regresses on the fresh batch: no accept; undecided below the cap → more;
    // mass now on one side of the core (the rates a check confirms) → refine.
    expect(decide(band, confirmed(stats(100, 220), 200), check).decision).toBe("more");
    expect(decide(band, confirmed(stats(80, 220), 200), check)).toMatchObject({
      decision: "refine",
      direction: "too-hard",
    });
    expect(decide(band, evidence(stats(100, 200)), { ...check, confirmationEpisodes: 0 }).decision).toBe("accept");
  });

  it("judges the steps band by the normal posterior of the mean", () => {
    const target = { stepsBand: [4, 6] as [number, number] };
    const noConfirm = { ...check, confirmationEpisodes: 0 };
    expect(
      decide(target, evidence(stats(5, 40, { meanTurns: 5 }), { turnsStandardDeviation: 1 }), noConfirm).decision,
    ).toBe("accept");
    expect(
      decide(target, evidence(stats(5, 40, { meanTurns: 9 }), { turnsStandardDeviation: 1 }), check),
    ).toMatchObject({
      direction: "too-long",
    });
    expect(
      decide(target, evidence(stats(5, 10, { meanTurns: 5.9 }), { turnsStandardDeviation: 2 }), check).decision,
    ).toBe("more");
  });

  it("skips a baseline by the same rule: in band only at the confidence", () => {
    expect(judgeBands(band, stats(20, 40), { turnsDeviation: 1, canSpend: false, ...onCheck }).kind).toBe("out");
    expect(judgeBands(band, stats(20, 40), { turnsDeviation: 1, canSpend: true, ...onCheck }).kind).toBe("more");
    expect(judgeBands(band, stats(150, 300), { turnsDeviation: 1, canSpend: false, ...onCheck }).kind).toBe("in");
    expect(
      judgeBands(band, stats(150, 300), {
        turnsDeviation: 1,
        canSpend: false,
        checkRollouts: 100,
        refineConfidence: 0.975,
        confidence: 0.95,
        tolerance: 0,
      }).kind,
    ).toBe("out");
    expect(judgeBands(band, stats(60, 120), { turnsDeviation: 1, canSpend: false, ...onCheck }).kind).toBe("out");
    expect(
      judgeBands(band, stats(60, 120), {
        turnsDeviation: 1,
        canSpend: false,
        confidence: 0.9,
        checkRollouts: 0,
        tolerance: 0,
      }).kind,
    ).toBe("in");
  });

  it("refines a rate inside the band early when no check could confirm it (outside the core)", () => {
    // 120/320 = 0.375 and 130/320 = 0.41: a rate there passes a 100-rollout check at most
    // ~0.6 of the time; their posteriors put 0.999 and 0.971 below the core [≈0.46, ≈0.54].
    const far = judgeBands(band, stats(120, 320), { turnsDeviation: 1, canSpend: true, ...onCheck });
    expect(far).toMatchObject({ kind: "out", direction: "too-hard" });
    expect((far as { distance: number }).distance).toBeCloseTo(120 / 320 - 0.4);
    const edge = judgeBands(band, stats(130, 320), {
      turnsDeviation: 1,
      canSpend: true,
      confidence: 0.9,
      checkRollouts: 100,
      refineConfidence: 0.9,
      tolerance: 0,
    });
    expect(edge).toMatchObject({ kind: "out", direction: "too-hard" });
    expect((edge as { distance: number }).distance).toBeCloseTo(130 / 320 - 0.5);
    // Under the default refine confidence (0.975), 0.971 is not enough yet: more rollouts.
    expect(judgeBands(band, stats(130, 320), { turnsDeviation: 1, canSpend: true, ...onCheck }).kind).toBe("more");
    // With the check off (the posterior rule), the same evidence is merely undecided.
    expect(
      judgeBands(band, stats(130, 320), {
        turnsDeviation: 1,
        canSpend: true,
        confidence: 0.9,
        checkRollouts: 0,
        tolerance: 0,
      }).kind,
    ).toBe("more");
  });

  it("refines early on a short run only when the core's side holds ≥ 0.975 of the posterior", () => {
    // 6/20 and 14/20: 0.917 of the posterior on one side of the core — refined at 0.9, more at 0.975.
    const previous = { ...check, refineConfidence: 0.9 };
    expect(decide(band, evidence(stats(6, 20)), previous)).toMatchObject({ decision: "refine", direction: "too-hard" });
    expect(decide(band, evidence(stats(6, 20)), check).decision).toBe("more");
    expect(decide(band, evidence(stats(14, 20)), previous)).toMatchObject({
      decision: "refine",
      direction: "too-easy",
    });
    expect(decide(band, evidence(stats(14, 20)), check).decision).toBe("more");
    // 5/20 and 15/20: 0.967 — still more; 4/20: refined.
    expect(decide(band, evidence(stats(5, 20)), check).decision).toBe("more");
    expect(decide(band, evidence(stats(15, 20)), check).decision).toBe("more");
    expect(decide(band, evidence(stats(4, 20)), check)).toMatchObject({ decision: "refine", direction: "too-hard" });
  });

  it("accepts a weakness target only when the weakness is decisive", () => {
    const target = { weakness: "submits without testing" };
    const decisive = { showing: { episodes: 10, successes: 1 }, notShowing: { episodes: 10, successes: 8 } };
    expect(decide(target, evidence(stats(9, 40), { weakness: decisive }), check).decision).toBe("more");
    expect(decide(target, { ...confirmed(stats(9, 40), 20), weakness: decisive }, check).decision).toBe("accept");
    const notDecisive = { showing: { episodes: 10, successes: 6 }, notShowing: { episodes: 10, successes: 8 } };
    expect(decide(target, evidence(stats(14, 40), { weakness: notDecisive }), check)).toMatchObject({
      decision: "refine",
      direction: "weakness-not-decisive",
    });
    const unreachable = { showing: { episodes: 10, successes: 0 }, notShowing: { episodes: 10, successes: 2 } };
    expect(decide(target, evidence(stats(2, 40), { weakness: unreachable }), check)).toMatchObject({
      decision: "refine",
      direction: "too-hard",
    });
    const few = { showing: { episodes: 1, successes: 0 }, notShowing: { episodes: 4, successes: 4 } };
    expect(decide(target, evidence(stats(4, 5), { weakness: few }), check).decision).toBe("more");
  });
});

describe("decide on the true rate, within a budget", () => {
  const trueRate: DecisionPolicy = { ...check, checkRollouts: 0, confirmationEpisodes: 0 };

  it("accepts on the posterior of the true rate: 60/120 is in [0.4, 0.6] with P = 0.97", () => {
    expect(decide(band, evidence(stats(60, 120)), trueRate)).toMatchObject({ decision: "accept", stop: "decided" });
    expect(decide(band, evidence(stats(60, 120)), check).decision).toBe("more");
  });

  it("stops at an exhausted budget with the verdict reached and the reason", () => {
    // Undecided with budget left: more; with none left: the leaning verdict, stop "budget".
    expect(decide(band, evidence(stats(9, 20), { remainingRollouts: 5 }), trueRate).decision).toBe("more");
    expect(decide(band, evidence(stats(7, 20), { remainingRollouts: 0 }), trueRate)).toMatchObject({
      decision: "refine",
      direction: "too-hard",
      stop: "budget",
    });
    // A pass waiting for its confirmation batch is not accepted on an empty budget.
    expect(
      decide(band, evidence(stats(60, 120), { remainingRollouts: 0 }), { ...trueRate, confirmationEpisodes: 20 }),
    ).toMatchObject({ decision: "refine", direction: "inconclusive", stop: "budget" });
    // A verdict the evidence settles is the same with or without budget; the cap says "cap".
    expect(decide(band, evidence(stats(20, 20), { remainingRollouts: 0 }), trueRate)).toMatchObject({
      direction: "too-easy",
      stop: "decided",
    });
    expect(decide(band, evidence(stats(9, 20)), { ...trueRate, kMax: 20 })).toMatchObject({
      decision: "refine",
      stop: "cap",
    });
  });

  it("reads a consistent pooled mixture estimate instead of the candidate's own episodes", () => {
    const pooled = {
      mean: 0.5,
      deviation: 0.04,
      ends: { off: 0.9, on: 0.1 },
      endDeviations: { off: 0.05, on: 0.05 },
      episodes: 80,
      consistent: true,
    };
    // 2/5 alone is undecided; pooled at 0.50 ± 0.04 it is in band with P = 0.99.
    expect(decide(band, evidence(stats(2, 5)), trueRate).decision).toBe("more");
    const pooledVerdict = decide(band, evidence(stats(2, 5), { pooled }), trueRate);
    expect(pooledVerdict.decision).toBe("accept");
    // The message keeps the pooled estimate apart from the candidate's own rate at n (what the report shows).
    expect(pooledVerdict.message).toContain(
      "success 0.50 pooled over the 80 episodes of the mixture (this candidate's own 0.40 at n=5)",
    );
    // Not read when the points are inconsistent, nor by the check rule.
    expect(decide(band, evidence(stats(2, 5), { pooled: { ...pooled, consistent: false } }), trueRate).decision).toBe(
      "more",
    );
    expect(decide(band, evidence(stats(2, 5), { pooled }), check).decision).toBe("more");
  });
});

describe("decide with a dose-response prior", () => {
  it("counts the prior's pseudo-episodes, never more than the candidate's own", () => {
    // 20/40 alone: P(in [0.4, 0.6]) ≈ 0.79 → more; with 40 pseudo-episodes at 0.5 (40/80, ≈ 0.93) it passes.
    expect(decide(band, evidence(stats(20, 40)), exact)).toMatchObject({ decision: "more" });
    expect(decide(band, evidence(stats(20, 40), { prior: { rate: 0.5, episodes: 40 } }), exact)).toMatchObject({
      decision: "accept",
    });
    // A heavy prior on 5 own episodes weighs as 5: the fit never accepts alone.
    expect(decide(band, evidence(stats(3, 5), { prior: { rate: 0.5, episodes: 1000 } }), exact)).toMatchObject({
      decision: "more",
    });
  });
});
