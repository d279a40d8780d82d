import { describe, expect, it } from "vitest";
import { createRng } from "../core/seeding.js";
import type { Target } from "../designer/target.js";
import { summarize } from "../rollout/summarize.js";
import type { Trajectory } from "../core/trajectory.js";
import { betaPosteriorCdf, meanPosterior, normalCdf, successPosterior } from "./band-posterior.js";
import { decide, DEFAULT_DECISION_POLICY, type DecisionPolicy } from "./decision-rule.js";

describe("band posterior", () => {
  it("computes the Beta posterior CDF exactly for small cases", () => {
    // Beta(1, 1) is uniform; Beta(2, 1) has CDF x²; Beta(1, 2) has CDF 1 − (1 − x)².
    expect(betaPosteriorCdf(0, 0, 0.3)).toBeCloseTo(0.3, 12);
    expect(betaPosteriorCdf(1, 0, 0.3)).toBeCloseTo(0.09, 12);
    expect(betaPosteriorCdf(0, 1, 0.3)).toBeCloseTo(1 - 0.49, 12);
    expect(betaPosteriorCdf(20, 20, 0.5)).toBeCloseTo(0.5, 12);
    expect(betaPosteriorCdf(3, 7, 0)).toBe(0);
    expect(betaPosteriorCdf(3, 7, 1)).toBe(1);
  });

  it("splits the mass below, inside and above a band", () => {
    const posterior = successPosterior(15, 40, [0.4, 0.6]);
    expect(posterior.below + posterior.inside + posterior.above).toBeCloseTo(1, 10);
    expect(posterior.inside).toBeCloseTo(0.389, 3);
    const mirrored = successPosterior(25, 40, [0.4, 0.6]);
    expect(mirrored.inside).toBeCloseTo(posterior.inside, 10);
    expect(mirrored.above).toBeCloseTo(posterior.below, 10);
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(meanPosterior(5, 0, 10, [4, 6])).toEqual({ below: 0, inside: 1, above: 0 });
    expect(meanPosterior(5, 1, 100, [4, 6]).inside).toBeCloseTo(1, 6);
  });
});

/** Episodes with a given success count (only the fields the rule reads). */
function trajectories(successes: number, episodes: number): Trajectory[] {
  return Array.from({ length: episodes }, (_, index) => ({ stopReason: "submit", evaluation: { success: index < successes, score: 0, metrics: {} }, steps: [] }) as unknown as Trajectory);
}

/** The validate node's loop on a Bernoulli(rate) candidate: batches of 5, the confirmation batch, the cap. */
function validate(rate: number, target: Target, policy: DecisionPolicy, random: () => number): { decision: string; episodes: number } {
  let successes = 0;
  let episodes = 0;
  let confirmationFrom: number | undefined;
  let batch = 5;
  for (;;) {
    for (let index = 0; index < batch; index++) if (random() < rate) successes += 1;
    episodes += batch;
    const verdict = decide(target, { stats: summarize(trajectories(successes, episodes)), turnsStandardDeviation: 0, changesSomething: true, ...(confirmationFrom === undefined ? {} : { confirmationFrom }) }, policy);
    const confirm = verdict.decision === "more" && verdict.confirm === true;
    if (verdict.decision !== "more" || (!confirm && episodes >= policy.kMax)) return { decision: verdict.decision, episodes };
    if (confirm) confirmationFrom = episodes;
    batch = confirm ? policy.confirmationEpisodes : Math.min(5, policy.kMax - episodes);
  }
}

describe("the decision rule on simulated candidates", () => {
  it("accepts stacks truly in band at least at the stated confidence when true rates are spread over [0, 1]", () => {
    const random = createRng(11).next;
    const target: Target = { successBand: [0.4, 0.6] };
    let accepted = 0;
    let acceptedInBand = 0;
    for (let trial = 0; trial < 1500; trial++) {
      const rate = random();
      const { decision } = validate(rate, target, DEFAULT_DECISION_POLICY, random);
      if (decision !== "accept") continue;
      accepted += 1;
      if (rate >= 0.4 && rate <= 0.6) acceptedInBand += 1;
    }
    expect(accepted).toBeGreaterThan(100);
    expect(acceptedInBand / accepted).toBeGreaterThanOrEqual(DEFAULT_DECISION_POLICY.confidence);
  });

  it("accepts a rate at the band's middle most of the time within the default cap, and one at 0.3 almost never", () => {
    const random = createRng(5).next;
    const target: Target = { successBand: [0.4, 0.6] };
    const rateOf = (rate: number) => Array.from({ length: 300 }, () => validate(rate, target, DEFAULT_DECISION_POLICY, random)).filter((run) => run.decision === "accept").length / 300;
    expect(rateOf(0.5)).toBeGreaterThan(0.6);
    expect(rateOf(0.3)).toBeLessThan(0.02);
  });
});
