import { normalCdf } from "./band-posterior.js";
import type { MixtureEstimate } from "./mixture-posterior.js";

/** How the rule tells that a candidate's evidence cannot reach the band (see {@link AbandonmentRule}). */
export const abandonmentKinds = ["floor", "futility"] as const;
/** One of {@link abandonmentKinds}. */
export type AbandonmentKind = (typeof abandonmentKinds)[number];

/**
 * Early abandonment (issue 21): stop validating a candidate, before the cap, once its
 * evidence shows it cannot reach the band, and refine towards the heavier side (stop
 * `abandoned`) instead of running to `kMax`:
 * - `floor`: the posterior probability that the true value lies in the band is below `below`;
 * - `futility`: the chance that the rule would accept it by the cap — the preposterior of the
 *   value the posterior will sit at after the rollouts left, normal approximation — is below `below`.
 * Either only after `after` of the candidate's own episodes, and only while it may still spend.
 * With `templates`, a mixture whose pooled ends both lie beyond the band on one side (no share
 * of the template reaches it) at posterior probability ≥ 1 − `below` is refined with direction
 * `out-of-reach` whatever the candidate's own verdict but a pass: the designer drops the
 * template. Read by the rule on the true rate (`checkRollouts` 0) only.
 */
export interface AbandonmentRule {
  kind: AbandonmentKind;
  below: number;
  after: number;
  templates: boolean;
}

/** A band's posterior as a normal summary: what the futility reads. */
export interface BandSummary {
  band: readonly [number, number];
  /**
   * The band widened by the tolerance (see `DecisionPolicy.tolerance`): a pass needs the
   * posterior in it at the confidence and the mean in `band`. Absent: `band` itself.
   */
  promised?: readonly [number, number];
  mean: number;
  /** Posterior standard deviation. */
  deviation: number;
  /** Episodes the deviation rests on (one more episode shrinks the variance by n / (n + 1)). */
  effectiveEpisodes: number;
}

/** The normal summary of a success rate's Beta(s + 1, f + 1) posterior. */
export function successSummary(
  successes: number,
  episodes: number,
  band: readonly [number, number],
  promised: readonly [number, number] = band,
): BandSummary {
  const mean = (successes + 1) / (episodes + 2);
  return {
    band,
    promised,
    mean,
    deviation: Math.sqrt((mean * (1 - mean)) / (episodes + 3)),
    effectiveEpisodes: episodes + 3,
  };
}

/** The normal summary of a pooled mixture estimate (effective episodes: p(1 − p) / variance). */
export function pooledSummary(
  estimate: MixtureEstimate,
  band: readonly [number, number],
  promised: readonly [number, number] = band,
): BandSummary {
  const spread = Math.max(estimate.mean * (1 - estimate.mean), 0.01);
  const variance = estimate.deviation ** 2;
  return {
    band,
    promised,
    mean: estimate.mean,
    deviation: estimate.deviation,
    effectiveEpisodes: variance === 0 ? Number.POSITIVE_INFINITY : spread / variance,
  };
}

/**
 * The offset c from each band edge such that a normal posterior N(edge + c, deviation) lies in
 * the band with probability `confidence`: the posterior means the rule accepts at that
 * deviation are [low + c, high − c]. Null when even the band's middle falls short.
 */
function acceptOffset(width: number, deviation: number, confidence: number): number | null {
  if (deviation === 0) return 0;
  const inside = (offset: number) => normalCdf((width - offset) / deviation) - normalCdf(-offset / deviation);
  if (inside(width / 2) < confidence) return null;
  let low = 0;
  let high = width / 2;
  for (let step = 0; step < 40; step += 1) {
    const middle = (low + high) / 2;
    if (inside(middle) >= confidence) high = middle;
    else low = middle;
  }
  return high;
}

/**
 * The chance that, after `remaining` more episodes of the candidate, its posterior lies in
 * the promised band at `confidence` with its mean in the band: the posterior mean then is
 * N(mean, τ) with τ² = σ² − σ_N² (the preposterior), σ_N the deviation after those
 * episodes; it passes when that mean lands in the accept interval at σ_N (within the band).
 * A pass before the cap is not counted (the chance is a lower bound).
 */
export function passChanceAtCap(summary: BandSummary, remaining: number, confidence: number): number {
  const [low, high] = summary.promised ?? summary.band;
  const shrink = Number.isFinite(summary.effectiveEpisodes)
    ? summary.effectiveEpisodes / (summary.effectiveEpisodes + Math.max(0, remaining))
    : 1;
  const final = summary.deviation * Math.sqrt(shrink);
  const spread = Math.sqrt(Math.max(0, summary.deviation ** 2 - final ** 2));
  const offset = acceptOffset(high - low, final, confidence);
  if (offset === null) return 0;
  const [from, to] = [Math.max(summary.band[0], low + offset), Math.min(summary.band[1], high - offset)];
  if (from > to) return 0;
  if (spread === 0) return summary.mean >= from && summary.mean <= to ? 1 : 0;
  return Math.max(0, normalCdf((to - summary.mean) / spread) - normalCdf((from - summary.mean) / spread));
}

/** Why the rule abandons a candidate, if it does. */
export type Abandonment = { kind: "candidate" | "template"; probability: number; reason: string };

/**
 * Whether `rule` drops the candidate's whole template (see {@link AbandonmentRule.templates}):
 * its pooled mixture estimate reads as one mixture and both ends of the line lie beyond
 * `band` on one side at posterior probability ≥ 1 − `below`. Not gated by `after`: the
 * pooled estimate rests on every episode of the template and the baseline.
 */
export function templateAbandonment(
  rule: AbandonmentRule,
  pooled: MixtureEstimate | undefined,
  band: readonly [number, number] | undefined,
): Abandonment | undefined {
  if (!rule.templates || !pooled?.consistent || !band) return undefined;
  const beyond = outOfReach(pooled, band);
  if (beyond < 1 - rule.below) return undefined;
  return {
    kind: "template",
    probability: beyond,
    reason: `both ends of the mixture's line (${pooled.ends.off.toFixed(2)} at share 0, ${pooled.ends.on.toFixed(2)} at share 1) lie beyond the band on one side with P = ${beyond.toFixed(2)}: no share of this template reaches it`,
  };
}

/**
 * Whether `rule` abandons the candidate itself: `probability` is P(every band holds) now,
 * `summaries` the bands' posteriors, `episodes` the candidate's own (at least `after`),
 * `remaining` the rollouts it may still spend.
 */
export function abandonment(
  rule: AbandonmentRule,
  evidence: {
    probability: number;
    summaries: readonly BandSummary[];
    episodes: number;
    remaining: number;
    confidence: number;
  },
): Abandonment | undefined {
  if (evidence.episodes < rule.after) return undefined;
  if (rule.kind === "floor") {
    if (evidence.probability >= rule.below) return undefined;
    return {
      kind: "candidate",
      probability: evidence.probability,
      reason: `P(in band) ${evidence.probability.toFixed(2)} < ${rule.below} after ${evidence.episodes} rollouts`,
    };
  }
  const chance = evidence.summaries.reduce(
    (product, summary) => product * passChanceAtCap(summary, evidence.remaining, evidence.confidence),
    1,
  );
  if (chance >= rule.below) return undefined;
  return {
    kind: "candidate",
    probability: chance,
    reason: `the chance to pass within the ${evidence.remaining} rollouts left is ${chance.toFixed(3)} < ${rule.below}`,
  };
}

/**
 * The posterior probability that both ends of a mixture's line lie beyond `band` on the same
 * side — above its top, or below its bottom — read on the end nearer the band (normal
 * approximation with the ends' deviations).
 */
export function outOfReach(estimate: MixtureEstimate, band: readonly [number, number]): number {
  const deviations = estimate.endDeviations;
  const ends = [
    { mean: estimate.ends.off, deviation: deviations.off },
    { mean: estimate.ends.on, deviation: deviations.on },
  ];
  const beyond = (end: { mean: number; deviation: number }, above: boolean) => {
    const gap = above ? end.mean - band[1] : band[0] - end.mean;
    if (end.deviation === 0) return gap > 0 ? 1 : 0;
    return normalCdf(gap / end.deviation);
  };
  // Product: the two ends rest mostly on different episodes (off and undrawn, on).
  const above = ends.reduce((product, end) => product * beyond(end, true), 1);
  const below = ends.reduce((product, end) => product * beyond(end, false), 1);
  return Math.max(above, below);
}
