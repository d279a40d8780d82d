import type { DecisionFeedback } from "../designer/designer.js";
import type { Target } from "../designer/target.js";
import type { RolloutStats } from "../rollout/summarize.js";

/** Evidence about a candidate's validation rollouts, beyond the aggregate statistics. */
export interface CandidateEvidence {
  /** Validation statistics of the candidate stack. */
  stats: RolloutStats;
  /** Standard deviation of turns per episode (for the steps band). */
  turnsStandardDeviation: number;
  /** Whether any layer changed anything (a Setup always does; Rules only if a trace shows a change). */
  changesSomething: boolean;
  /** For a weakness target: success among rollouts that show / do not show the weakness. */
  weakness?: { showing: { episodes: number; successes: number }; notShowing: { episodes: number; successes: number } };
}

/** Thresholds of the rule (documented in the README; defaults below). */
export interface DecisionPolicy {
  /** Validation stops spending rollouts at this many episodes. */
  kMax: number;
  /** Fraction of erroring episodes above which a candidate is broken. */
  maxErrorRate: number;
  /** "Unsolvable": success 0 and at least this fraction ended by budget, timeout or with blocked actions. */
  unsolvableStopFraction: number;
  /** Weakness target: success among weakness-showing rollouts must be at most this… */
  weaknessMaxSuccess: number;
  /** …and among the others at least this. */
  weaknessMinOtherSuccess: number;
  /** Weakness target: at least this many rollouts on each side. */
  weaknessMinEpisodes: number;
}

/** Default thresholds. */
export const DEFAULT_DECISION_POLICY: DecisionPolicy = {
  kMax: 40,
  maxErrorRate: 0,
  unsolvableStopFraction: 0.5,
  weaknessMaxSuccess: 0.2,
  weaknessMinOtherSuccess: 0.5,
  weaknessMinEpisodes: 3,
};

/** The rule's verdict: a final decision, or "spend more rollouts first". */
export type DecisionVerdict = DecisionFeedback | { decision: "more"; message: string };

/** How the bands of a target judge some rollouts. */
export type BandJudgement =
  | { kind: "in" }
  | { kind: "more"; message: string }
  | { kind: "out"; direction: string; distance: number; message: string; disjoint: boolean };

function side(low: number, high: number, interval: [number, number], estimate: number) {
  const distance = estimate < low ? estimate - low : estimate > high ? estimate - high : 0;
  const disjoint = interval[1] < low || interval[0] > high;
  const straddles = !disjoint && (interval[0] < low || interval[1] > high);
  return { distance, disjoint, straddles };
}

/**
 * Judge the success and steps bands of `target` (a weakness is not judged here): `out` at
 * once when an interval lies wholly outside its band; `more` when an interval straddles a
 * band edge and `canSpend`; otherwise `in` iff every point estimate lies in its band.
 */
export function judgeBands(target: Target, stats: RolloutStats, turnsDeviation: number, canSpend: boolean): BandJudgement {
  const misses: Array<{ direction: string; distance: number; message: string }> = [];
  const bands: Array<{ band: [number, number]; estimate: number; interval: [number, number]; what: string; up: string; down: string }> = [];
  if (target.successBand) {
    bands.push({ band: target.successBand, estimate: stats.successRate, interval: stats.successInterval, what: "success", up: "too-easy", down: "too-hard" });
  }
  if (target.stepsBand) {
    const margin = stats.episodes > 0 ? (1.96 * turnsDeviation) / Math.sqrt(stats.episodes) : Infinity;
    bands.push({ band: target.stepsBand, estimate: stats.meanTurns, interval: [stats.meanTurns - margin, stats.meanTurns + margin], what: "mean turns", up: "too-long", down: "too-short" });
  }
  for (const { band, estimate, interval, what, up, down } of bands) {
    const [low, high] = band;
    const check = side(low, high, interval, estimate);
    const message = `${what} ${fmt(estimate)} (95% CI ${fmt(interval[0])}–${fmt(interval[1])}, n=${stats.episodes}) is ${check.distance > 0 ? "above" : "below"} the band [${low}, ${high}] by ${fmt(Math.abs(check.distance))}`;
    if (check.disjoint) return { kind: "out", direction: check.distance > 0 ? up : down, distance: check.distance, message, disjoint: true };
    if (check.straddles && canSpend) return { kind: "more", message: `${what} interval straddles a band edge at n=${stats.episodes}` };
    if (check.distance !== 0) misses.push({ direction: check.distance > 0 ? up : down, distance: check.distance, message });
  }
  const first = misses[0];
  if (first) return { kind: "out", ...first, message: misses.map((miss) => miss.message).join("; "), disjoint: false };
  return { kind: "in" };
}

/**
 * The numeric decision rule. It reads aggregate statistics only — never a single
 * trajectory, never a model's opinion — in this order:
 * 1. broken: error rate above `maxErrorRate` → reject;
 * 2. pass-through: the candidate changed nothing → reject (`no-effect`);
 * 3. unsolvable: success 0 and ≥ `unsolvableStopFraction` of rollouts ended by budget,
 *    timeout or with a blocked action → refine, direction `unsolvable` (relax);
 * 4. bands ({@link judgeBands}): when a 95% interval (Wilson for success, normal for
 *    mean turns) lies wholly outside its band → refine with the signed distance; when it
 *    straddles a band edge and fewer than `kMax` episodes ran → `more`; at kMax, a point
 *    estimate outside its band → refine;
 * 5. weakness target: accept iff both sides have ≥ `weaknessMinEpisodes` rollouts, success
 *    among weakness-showing rollouts ≤ `weaknessMaxSuccess` and among the others ≥
 *    `weaknessMinOtherSuccess`; with too few rollouts on a side → `more` (until kMax);
 * 6. otherwise accept.
 */
export function decide(target: Target, evidence: CandidateEvidence, policy: DecisionPolicy = DEFAULT_DECISION_POLICY): DecisionVerdict {
  const { stats } = evidence;
  const canSpend = stats.episodes < policy.kMax;
  if (stats.errorRate > policy.maxErrorRate) {
    return { decision: "reject", direction: "broken", distance: 0, message: `${(stats.errorRate * 100).toFixed(0)}% of validation episodes errored (component failure or invalid setup)` };
  }
  if (!evidence.changesSomething) {
    return { decision: "reject", direction: "no-effect", distance: 0, message: "the candidate changed no action, observation or start state: it is a pass-through" };
  }
  const stalled = (stats.stopReasons.budget ?? 0) + (stats.stopReasons.timeout ?? 0);
  const stalledFraction = stats.episodes === 0 ? 0 : stalled / stats.episodes;
  if (stats.successes === 0 && stats.episodes > 0 && Math.max(stalledFraction, stats.blockedEpisodeRate) >= policy.unsolvableStopFraction) {
    const distance = target.successBand ? -target.successBand[0] : -1;
    return { decision: "refine", direction: "unsolvable", distance, message: `success 0/${stats.episodes} with ${stalled} rollouts out of budget or time and ${(stats.blockedEpisodeRate * 100).toFixed(0)}% of rollouts hitting a blocked action: relax or undo the restriction` };
  }
  const bands = judgeBands(target, stats, evidence.turnsStandardDeviation, canSpend);
  if (bands.kind === "more") return { decision: "more", message: bands.message };
  if (bands.kind === "out") return refine(bands.direction, bands.distance, bands.message);
  if (target.weakness) {
    const split = evidence.weakness;
    if (!split) return { decision: "reject", direction: "weakness-not-decisive", distance: 0, message: "no weakness detector applies to these rollouts" };
    const enough = split.showing.episodes >= policy.weaknessMinEpisodes && split.notShowing.episodes >= policy.weaknessMinEpisodes;
    if (!enough && canSpend) return { decision: "more", message: "too few rollouts on one side of the weakness" };
    const showingRate = split.showing.episodes === 0 ? 0 : split.showing.successes / split.showing.episodes;
    const otherRate = split.notShowing.episodes === 0 ? 0 : split.notShowing.successes / split.notShowing.episodes;
    const message = `success ${fmt(showingRate)} (n=${split.showing.episodes}) with the weakness, ${fmt(otherRate)} (n=${split.notShowing.episodes}) without`;
    if (!enough) return refine("weakness-not-decisive", 0, `too few rollouts on one side: ${message}`);
    if (otherRate < policy.weaknessMinOtherSuccess) return refine("too-hard", otherRate - policy.weaknessMinOtherSuccess, `not reachable without the weakness: ${message}`);
    if (showingRate > policy.weaknessMaxSuccess) return refine("weakness-not-decisive", showingRate - policy.weaknessMaxSuccess, `weakness not decisive: ${message}`);
  }
  return { decision: "accept", direction: "in-band", distance: 0, message: `target met at n=${stats.episodes}: success ${fmt(stats.successRate)}, mean turns ${fmt(stats.meanTurns)}` };
}

function refine(direction: string, distance: number, message: string): DecisionFeedback {
  return { decision: "refine", direction, distance, message };
}

function fmt(value: number): string {
  return value.toFixed(2);
}
