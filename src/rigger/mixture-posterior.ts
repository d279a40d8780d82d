import { normalCdf, type BandPosterior } from "./band-posterior.js";

/** Successes among episodes. */
export interface Tally {
  episodes: number;
  successes: number;
}

/**
 * The episodes of one candidate of a mixture experiment, split by the recorded per-episode
 * draw: `on` (the perturbation was switched on), `off` (drawn, switched off), `undrawn` (the
 * layer never reached its draw, so it did nothing: such an episode is the same at any share).
 */
export interface MixturePoint {
  /** The probability with which the candidate switches its perturbation on. */
  share: number;
  on: Tally;
  off: Tally;
  undrawn: Tally;
}

/**
 * Which episodes of a mixture experiment the rule pools: `off-side` — the episodes switched
 * off or never drawn, of every candidate and the baseline (the layer did nothing in them, so
 * they hold at any share), with the switched-on episodes of the candidate itself; `both` —
 * the switched-on episodes of every candidate too (exact only if the knob is nothing but the
 * switch's probability); `none` — the candidate's own episodes only.
 */
export const mixturePoolings = ["none", "off-side", "both"] as const;
/** One of {@link mixturePoolings}. */
export type MixturePooling = (typeof mixturePoolings)[number];

/** The pooled evidence about a mixture's success rate at one share (plain data: it is checkpointed with the validation). */
export interface MixtureEstimate {
  /** Posterior mean of the rate at the share. */
  mean: number;
  /** Posterior standard deviation of the rate at the share (normal approximation; see {@link mixtureBandPosterior}). */
  deviation: number;
  /** The two ends of the line: the rate with the perturbation off everywhere (share 0) and on everywhere (share 1). */
  ends: { off: number; on: number };
  /** Posterior standard deviations of the two ends. */
  endDeviations: { off: number; on: number };
  /** Episodes the estimate rests on. */
  episodes: number;
  /**
   * Whether the points read as one mixture: the draws came out at the declared shares, and
   * the success among `on` (and among `off`) episodes is the same at every share (χ² tests at
   * {@link MIXTURE_TEST_LEVEL}). The rule reads the estimate only when true.
   */
  consistent: boolean;
}

/** Level of the consistency tests below which the points are not pooled. */
export const MIXTURE_TEST_LEVEL = 0.01;

const sum = (tallies: readonly Tally[]): Tally =>
  tallies.reduce(
    (total, tally) => ({
      episodes: total.episodes + tally.episodes,
      successes: total.successes + tally.successes,
    }),
    { episodes: 0, successes: 0 },
  );

/** Posterior mean and variance of a rate under a uniform prior. */
function beta(tally: Tally): { mean: number; variance: number } {
  const mean = (tally.successes + 1) / (tally.episodes + 2);
  return { mean, variance: (mean * (1 - mean)) / (tally.episodes + 3) };
}

/**
 * The posterior of a mixture's success rate at `share` from every episode measured on the
 * experiment. A perturbation switched on per episode with probability θ (a seeded draw,
 * recorded whether or not the layer then fired) gives the rate
 * (1 − q)·r_undrawn + q·(θ·r_on + (1 − θ)·r_off), q the fraction of episodes that reach the
 * draw (decided before the layer could act, so the same at every θ): the episodes of every
 * probe estimate the same r_off, r_undrawn and q — and, when the knob is nothing but the
 * switch's probability (`both`), the same r_on — so they count towards the rate at the
 * share finally chosen (see {@link MixturePooling}). `baseline`
 * (the unmodified env, when the off side is it) adds to r_off when every episode reached the
 * draw (then off and baseline are the same stack). Rates have uniform priors; the rate at the
 * share is read with the normal approximation (mean and delta-method variance).
 */
export function mixturePosterior(
  evidence: { current: MixturePoint; earlier: readonly MixturePoint[]; baseline?: Tally },
  pooling: Exclude<MixturePooling, "none"> = "off-side",
): MixtureEstimate {
  const { current, baseline } = evidence;
  const share = current.share;
  const points = [...evidence.earlier, current];
  const undrawn = sum(points.map((point) => point.undrawn));
  const drawnOn = pooling === "both" ? sum(points.map((point) => point.on)) : current.on;
  const drawnOff = sum(points.map((point) => point.off));
  const off = undrawn.episodes === 0 && baseline ? sum([drawnOff, baseline]) : drawnOff;
  // Whether an episode reaches the draw is settled before the layer acts: every point counts for q.
  const drawn = sum(points.map((point) => point.on)).episodes + drawnOff.episodes;
  const reached = drawn + undrawn.episodes;
  const q = reached === 0 ? 1 : drawn / reached;
  const qVariance = reached === 0 ? 0 : (q * (1 - q)) / reached;
  const rateOn = beta(drawnOn);
  const rateOff = beta(off);
  const rateUndrawn = beta(undrawn);
  const at = (theta: number) => {
    const drawnRate = theta * rateOn.mean + (1 - theta) * rateOff.mean;
    return (1 - q) * rateUndrawn.mean + q * drawnRate;
  };
  const deviationAt = (theta: number) => {
    const drawnRate = theta * rateOn.mean + (1 - theta) * rateOff.mean;
    const variance =
      (1 - q) ** 2 * (undrawn.episodes === 0 ? 0 : rateUndrawn.variance) +
      q ** 2 * (theta ** 2 * rateOn.variance + (1 - theta) ** 2 * rateOff.variance) +
      qVariance * (drawnRate - rateUndrawn.mean) ** 2;
    return Math.sqrt(variance);
  };
  const mean = at(share);
  const deviation = deviationAt(share);
  return {
    mean,
    ends: { off: at(0), on: at(1) },
    endDeviations: { off: deviationAt(0), on: deviationAt(1) },
    episodes: reached + (off === drawnOff ? 0 : (baseline?.episodes ?? 0)),
    consistent: consistent(points, pooling),
    deviation,
  };
}

/** Where the pooled rate lies relative to [low, high]: its normal posterior N(mean, deviation). */
export function mixtureBandPosterior(estimate: MixtureEstimate, band: readonly [number, number]): BandPosterior {
  const { mean, deviation } = estimate;
  if (deviation === 0) {
    const inside = mean >= band[0] && mean <= band[1] ? 1 : 0;
    return { below: mean < band[0] ? 1 : 0, inside, above: mean > band[1] ? 1 : 0 };
  }
  const below = normalCdf((band[0] - mean) / deviation);
  const upToHigh = normalCdf((band[1] - mean) / deviation);
  return { below, inside: Math.max(0, upToHigh - below), above: Math.max(0, 1 - upToHigh) };
}

/** The draws match the declared shares, and `on` and `off` episodes succeed alike at every share. */
function consistent(points: readonly MixturePoint[], pooling: Exclude<MixturePooling, "none">): boolean {
  // Draws: the on count among drawn episodes against Σ share × drawn (a normal test, two-sided).
  let expected = 0;
  let variance = 0;
  let observed = 0;
  for (const point of points) {
    const drawn = point.on.episodes + point.off.episodes;
    expected += point.share * drawn;
    variance += point.share * (1 - point.share) * drawn;
    observed += point.on.episodes;
  }
  if (variance > 0 && 2 * (1 - normalCdf(Math.abs(observed - expected) / Math.sqrt(variance))) < MIXTURE_TEST_LEVEL)
    return false;
  if (variance === 0 && observed !== expected) return false;
  return (
    (pooling === "off-side" || homogeneous(points.map((point) => point.on))) &&
    homogeneous(points.map((point) => point.off))
  );
}

/** A χ² test that tallies share one success rate (cells with an expected count under 1 are merged away). */
function homogeneous(tallies: readonly Tally[]): boolean {
  const used = tallies.filter((tally) => tally.episodes > 0);
  if (used.length < 2) return true;
  const total = sum(used);
  const rate = total.successes / total.episodes;
  if (rate === 0 || rate === 1) return true;
  let statistic = 0;
  for (const tally of used) {
    const expected = tally.episodes * rate;
    statistic += (tally.successes - expected) ** 2 / (expected * (1 - rate));
  }
  return chiSquareUpperTail(statistic, used.length - 1) >= MIXTURE_TEST_LEVEL;
}

/** P(χ²_freedom ≥ value), Wilson–Hilferty approximation. */
function chiSquareUpperTail(value: number, freedom: number): number {
  if (value <= 0) return 1;
  const scale = 2 / (9 * freedom);
  const z = ((value / freedom) ** (1 / 3) - (1 - scale)) / Math.sqrt(scale);
  return 1 - normalCdf(z);
}
