import type { DecisionFeedback } from "../designer/designer.js";
import type { Target } from "../designer/target.js";
import type { RolloutStats } from "../rollout/summarize.js";
import { meanPosterior, successPosterior, type BandPosterior } from "./band-posterior.js";

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
  /**
   * Episodes already run when the bands first passed (the confirmation batch runs after
   * them, on fresh seeds). Absent until then.
   */
  confirmationFrom?: number;
}

/** Thresholds of the rule (documented in the README; defaults below). */
export interface DecisionPolicy {
  /** Validation stops spending rollouts at this many episodes (the confirmation batch may add to it). */
  kMax: number;
  /**
   * Posterior probability that the true rate (and mean turns) lies in the band needed to
   * accept — and, on one side of it, to refine early. The claimed frequency of accepted
   * stacks truly in band.
   */
  confidence: number;
  /**
   * Fresh rollouts run after the bands first pass, before the final accept (the winner's
   * curse: the candidate that crossed the line is, among many looks, the lucky one). 0: none.
   */
  confirmationEpisodes: number;
  /** Episodes needed before `unsolvable` or `no-effect` is called (fewer → spend another batch). */
  minimumEvidence: number;
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

/**
 * Default thresholds. `confidence` 0.9 because the promise is that at least 9 in 10
 * accepted stacks are truly in band; at that confidence a band 0.2 wide needs ≈ 65
 * rollouts even at its middle, so `kMax` is 120 (a rate at the band's middle is then
 * accepted in ~3 of 4 validations, the rest refined or inconclusive — simulated in
 * `band-posterior.test.ts`); `confirmationEpisodes` 20 (four batches of the default K).
 */
export const DEFAULT_DECISION_POLICY: DecisionPolicy = {
  kMax: 120,
  confidence: 0.9,
  confirmationEpisodes: 20,
  minimumEvidence: 10,
  maxErrorRate: 0,
  unsolvableStopFraction: 0.5,
  weaknessMaxSuccess: 0.2,
  weaknessMinOtherSuccess: 0.5,
  weaknessMinEpisodes: 3,
};

/** The rule's verdict: a final decision, or "spend more rollouts first" (`confirm`: the confirmation batch). */
export type DecisionVerdict = DecisionFeedback | { decision: "more"; message: string; confirm?: boolean };

/** How the bands of a target judge some rollouts. */
export type BandJudgement =
  | { kind: "in"; probability: number; message: string }
  | { kind: "more"; probability: number; message: string }
  | { kind: "out"; direction: string; distance: number; message: string; probability: number };

interface BandView {
  band: [number, number];
  estimate: number;
  posterior: BandPosterior;
  what: string;
  up: string;
  down: string;
}

function bandViews(target: Target, stats: RolloutStats, turnsDeviation: number): BandView[] {
  const views: BandView[] = [];
  if (target.successBand) {
    views.push({ band: target.successBand, estimate: stats.successRate, posterior: successPosterior(stats.successes, stats.episodes, target.successBand), what: "success", up: "too-easy", down: "too-hard" });
  }
  if (target.stepsBand) {
    views.push({ band: target.stepsBand, estimate: stats.meanTurns, posterior: meanPosterior(stats.meanTurns, turnsDeviation, stats.episodes, target.stepsBand), what: "mean turns", up: "too-long", down: "too-short" });
  }
  return views;
}

/** The signed distance the designer reads: to the band edge when outside, to the band's middle when inside. */
function signedDistance(view: BandView): number {
  const [low, high] = view.band;
  if (view.estimate > high) return view.estimate - high;
  if (view.estimate < low) return view.estimate - low;
  return view.estimate - (low + high) / 2;
}

function describe(view: BandView, episodes: number): string {
  const { posterior } = view;
  return `${view.what} ${fmt(view.estimate)} at n=${episodes}: P(in [${view.band[0]}, ${view.band[1]}]) = ${fmt(posterior.inside)}, below ${fmt(posterior.below)}, above ${fmt(posterior.above)}`;
}

/**
 * Judge the success and steps bands of `target` (a weakness is not judged here) from the
 * posterior of the true rate (Beta, uniform prior) and of the mean turns (normal
 * approximation): `in` when the probability that every band holds (the product) is ≥
 * `confidence`; `out` when one band's posterior mass lies ≥ `confidence` on one side;
 * otherwise `more` while `canSpend`, and at the cap `out` towards the heavier side (the
 * distance then measured from the band's middle when the estimate lies inside).
 */
export function judgeBands(target: Target, stats: RolloutStats, turnsDeviation: number, canSpend: boolean, confidence = DEFAULT_DECISION_POLICY.confidence): BandJudgement {
  const views = bandViews(target, stats, turnsDeviation);
  const probability = views.reduce((product, view) => product * view.posterior.inside, 1);
  const message = views.map((view) => describe(view, stats.episodes)).join("; ");
  if (probability >= confidence) return { kind: "in", probability, message };
  const confidentOut = views.find((view) => Math.max(view.posterior.below, view.posterior.above) >= confidence);
  if (confidentOut) {
    const above = confidentOut.posterior.above > confidentOut.posterior.below;
    return { kind: "out", direction: above ? confidentOut.up : confidentOut.down, distance: signedDistance(confidentOut), message, probability };
  }
  if (canSpend) return { kind: "more", probability, message: `undecided: ${message}` };
  // The cap: the band least likely to hold names the direction.
  const weakest = [...views].sort((left, right) => left.posterior.inside - right.posterior.inside)[0]!;
  const above = weakest.posterior.above > weakest.posterior.below;
  return { kind: "out", direction: above ? weakest.up : weakest.down, distance: signedDistance(weakest), message: `inconclusive at the cap: ${message}`, probability };
}

/**
 * The numeric decision rule. It reads aggregate statistics only — never a single
 * trajectory, never a model's opinion — in this order:
 * 1. broken: error rate above `maxErrorRate` → reject;
 * 2. pass-through: the candidate changed nothing over ≥ `minimumEvidence` rollouts →
 *    reject (`no-effect`); fewer → `more`;
 * 3. unsolvable: success 0 over ≥ `minimumEvidence` rollouts and ≥ `unsolvableStopFraction`
 *    of them ended by budget, timeout or with a blocked action → refine, direction
 *    `unsolvable` (relax); fewer rollouts → `more`;
 * 4. bands ({@link judgeBands}) at `confidence`: mass on one side → refine with the signed
 *    distance; undecided → `more` until `kMax`, then refine towards the heavier side;
 * 5. weakness target: accept iff both sides have ≥ `weaknessMinEpisodes` rollouts, success
 *    among weakness-showing rollouts ≤ `weaknessMaxSuccess` and among the others ≥
 *    `weaknessMinOtherSuccess`; with too few rollouts on a side → `more` (until kMax);
 * 6. winner's curse: the first time everything passes, `more` with `confirm` — a batch of
 *    `confirmationEpisodes` fresh rollouts — and the verdict is taken again on all of them;
 * 7. otherwise accept.
 */
export function decide(target: Target, evidence: CandidateEvidence, policy: DecisionPolicy = DEFAULT_DECISION_POLICY): DecisionVerdict {
  const { stats } = evidence;
  const canSpend = stats.episodes < policy.kMax;
  const enoughEvidence = stats.episodes >= policy.minimumEvidence;
  if (stats.errorRate > policy.maxErrorRate) {
    return { decision: "reject", direction: "broken", distance: 0, message: `${(stats.errorRate * 100).toFixed(0)}% of validation episodes errored (component failure or invalid setup)` };
  }
  if (!evidence.changesSomething) {
    if (!enoughEvidence) return { decision: "more", message: `no change seen yet in ${stats.episodes} rollouts: too few to call the candidate a pass-through` };
    return { decision: "reject", direction: "no-effect", distance: 0, message: `the candidate changed no action, observation or start state in ${stats.episodes} rollouts: it is a pass-through` };
  }
  const stalled = (stats.stopReasons.budget ?? 0) + (stats.stopReasons.timeout ?? 0);
  const stalledFraction = stats.episodes === 0 ? 0 : stalled / stats.episodes;
  if (stats.successes === 0 && stats.episodes > 0 && Math.max(stalledFraction, stats.blockedEpisodeRate) >= policy.unsolvableStopFraction) {
    if (!enoughEvidence) return { decision: "more", message: `success 0/${stats.episodes}, mostly stalled: too few rollouts to call it unsolvable` };
    const distance = target.successBand ? -target.successBand[0] : -1;
    return { decision: "refine", direction: "unsolvable", distance, message: `success 0/${stats.episodes} with ${stalled} rollouts out of budget or time and ${(stats.blockedEpisodeRate * 100).toFixed(0)}% of rollouts hitting a blocked action: relax or undo the restriction` };
  }
  let passed = `target met at n=${stats.episodes}: success ${fmt(stats.successRate)}, mean turns ${fmt(stats.meanTurns)}`;
  if (target.successBand || target.stepsBand) {
    const bands = judgeBands(target, stats, evidence.turnsStandardDeviation, canSpend, policy.confidence);
    if (bands.kind === "more") return { decision: "more", message: bands.message };
    if (bands.kind === "out") return refine(bands.direction, bands.distance, bands.message);
    passed = `target met (confidence ${policy.confidence}): ${bands.message}`;
  }
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
    passed = `${passed}; ${message}`;
  }
  if (policy.confirmationEpisodes > 0 && evidence.confirmationFrom === undefined) {
    return { decision: "more", confirm: true, message: `passed at n=${stats.episodes}; confirming on ${policy.confirmationEpisodes} fresh rollouts` };
  }
  const confirmed = evidence.confirmationFrom === undefined ? "" : ` (confirmed on ${stats.episodes - evidence.confirmationFrom} fresh rollouts after passing at n=${evidence.confirmationFrom})`;
  return { decision: "accept", direction: "in-band", distance: 0, message: `${passed}${confirmed}` };
}

function refine(direction: string, distance: number, message: string): DecisionFeedback {
  return { decision: "refine", direction, distance, message };
}

function fmt(value: number): string {
  return value.toFixed(2);
}
