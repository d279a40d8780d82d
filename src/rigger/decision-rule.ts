import type { DecisionDirection, DecisionFeedback, DecisionStop } from "../designer/designer.js";
import type { Target } from "../designer/target.js";
import type { RolloutStats } from "../rollout/summarize.js";
import {
  binomialBandProbability,
  checkCore,
  meanPosterior,
  meanPredictive,
  normalCdf,
  successPosterior,
  successPredictive,
  type BandPosterior,
} from "./band-posterior.js";
import { ownErrorRate, refuseOnExternalErrors } from "./errored-episodes.js";
import { mixtureBandPosterior, type MixtureEstimate, type MixturePooling } from "./mixture-posterior.js";

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
  /**
   * Rollouts the caller may still spend on this candidate (what is left of a per-task or
   * per-run budget). At 0 the rule spends no more: it returns the verdict it reached, with
   * `stop: "budget"`. Absent: no budget but `kMax`.
   */
  remainingRollouts?: number;
  /**
   * The pooled evidence of a mixture experiment about the success rate at this candidate's
   * share (every episode of the experiment's candidates and, when its off side is the
   * unmodified env, the baseline's; see `mixturePosterior`). Read by the rule on the true
   * rate (`checkRollouts` 0) while its points read as one mixture; otherwise the candidate's own
   * episodes decide.
   */
  pooled?: MixtureEstimate;
}

/** Thresholds of the rule (documented in docs/designer-and-decision-rule.md; defaults below). */
export interface DecisionPolicy {
  /** Validation stops spending rollouts at this many episodes (the confirmation batch may add to it). */
  kMax: number;
  /**
   * Probability needed to accept (and to skip) that a fresh check of `checkRollouts`
   * rollouts measures the success rate (and mean turns) inside the band — the
   * posterior-predictive probability; with `checkRollouts` 0, the posterior probability
   * that the true rate lies in the band. Also the posterior mass on one side of the
   * band's core needed to refine early, unless `refineConfidence` is set.
   */
  confidence: number;
  /**
   * Posterior mass of the true value on one side of a band's core needed to refine before
   * the cap (absent: `confidence`). Higher than `confidence`, a candidate near the band's
   * middle is less often refined on a short unlucky run of 10–20 rollouts.
   */
  refineConfidence?: number;
  /**
   * Rollouts of the fresh check the rule targets (the calibration's K = 100): accepting on
   * the probability that such a check lands in band, instead of on the true rate being in
   * band, keeps accepted rates where a K-rollout measurement confirms them. 0: target the
   * true rate itself.
   */
  checkRollouts: number;
  /**
   * Fresh rollouts run after the bands first pass, before the final accept (the winner's
   * curse: the candidate that crossed the line is, among many looks, the lucky one). 0: none.
   */
  confirmationEpisodes: number;
  /**
   * Which episodes of a mixture experiment (a proposal's `mixture` declaration) inform the
   * rate at the candidate's share besides its own (see `MixturePooling`); read with
   * `checkRollouts` 0 only.
   */
  pooling: MixturePooling;
  /** Episodes needed before `unsolvable` or `no-effect` is called (fewer → spend another batch). */
  minimumEvidence: number;
  /** Fraction of erroring episodes above which a candidate is broken (errors outside it, category `external`, not counted). */
  maxErrorRate: number;
  /**
   * Fraction of episodes that errored outside the candidate (a remote env, a provider, a
   * queue: errors of category `external`) above which the rule refuses to decide at all
   * (`EPISODES_ERRORED`; see `refuseOnExternalErrors`). Below it, those episodes are left
   * out of every rate.
   */
  maxExternalErrorRate: number;
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
 * Default thresholds, chosen by simulation before any real run (issue 21;
 * `bench/decision-rule-simulation.ts`, docs/designer-and-decision-rule.md): the promise is
 * on the true rate — accept (and skip) when the posterior probability that the true rate lies
 * in the band is ≥ `confidence` 0.9 (`checkRollouts` 0) — refine when 0.9 of the posterior
 * lies on one side of the band, cap 200, no confirmation batch, and a mixture's off-side
 * episodes pooled across its probes and the baseline. Among the rules simulated (Bernoulli
 * candidates and a mixture template's search, including a knob that is not linear and a
 * layer that draws only in some states), the one with the fewest rollouts per task whose
 * accepted stacks are truly in band ≥ 0.91 under every model and whose tasks are truly in
 * band ≥ 0.85 on average. `--check-rollouts 100` gives the previous rule ({@link CHECK_DECISION_POLICY}).
 */
export const DEFAULT_DECISION_POLICY: DecisionPolicy = {
  kMax: 200,
  confidence: 0.9,
  refineConfidence: 0.9,
  checkRollouts: 0,
  confirmationEpisodes: 0,
  pooling: "off-side",
  minimumEvidence: 10,
  maxErrorRate: 0,
  maxExternalErrorRate: 0.1,
  unsolvableStopFraction: 0.5,
  weaknessMaxSuccess: 0.2,
  weaknessMinOtherSuccess: 0.5,
  weaknessMinEpisodes: 3,
};

/**
 * The rule on a fresh 100-rollout check (`--check-rollouts 100`; the default before the
 * promise moved to the true rate): 0.9 that such a check lands in band, refine at 0.975 on
 * one side of the band's core, cap 400, confirmation batch 20, no pooling.
 */
export const CHECK_DECISION_POLICY: DecisionPolicy = {
  ...DEFAULT_DECISION_POLICY,
  checkRollouts: 100,
  refineConfidence: 0.975,
  kMax: 400,
  confirmationEpisodes: 20,
  pooling: "none",
};

/** The rule's verdict: a final decision, or "spend more rollouts first" (`confirm`: the confirmation batch). */
export type DecisionVerdict = DecisionFeedback | { decision: "more"; message: string; confirm?: boolean };

/** What {@link judgeBands} needs beyond the target and the statistics. */
export interface BandJudgementOptions {
  /** Standard deviation of turns per episode (for the steps band). */
  turnsDeviation: number;
  /** Whether the validation may still spend rollouts (below the cap): undecided → `more`, else a verdict. */
  canSpend: boolean;
  /** See {@link DecisionPolicy.confidence} (default: the default policy's). */
  confidence?: number;
  /** See {@link DecisionPolicy.checkRollouts} (default: the default policy's). */
  checkRollouts?: number;
  /** See {@link DecisionPolicy.refineConfidence} (default: the default policy's, else `confidence`). */
  refineConfidence?: number;
  /** See {@link CandidateEvidence.pooled}. */
  pooled?: MixtureEstimate;
}

/** How the bands of a target judge some rollouts. */
export type BandJudgement =
  | { kind: "in"; probability: number; message: string }
  | { kind: "more"; probability: number; message: string }
  | {
      kind: "out";
      direction: DecisionDirection;
      distance: number;
      message: string;
      probability: number;
      /** Whether the verdict was forced by `canSpend` false (undecided at the limit) rather than by the evidence. */
      atLimit: boolean;
    };

interface BandView {
  band: [number, number];
  estimate: number;
  /** Where the check (or, with no check, the true value) lands: what accepting reads. */
  landing: BandPosterior;
  /** Posterior of the true value relative to the core (the values the check confirms at the confidence): what refining reads. */
  core: BandPosterior;
  what: string;
  up: DecisionDirection;
  down: DecisionDirection;
}

const successCores = new Map<string, [number, number]>();

/** The success rates a check of `checkRollouts` confirms at `confidence` (cached: it depends on the band, K and the confidence only). */
function successCore(band: [number, number], checkRollouts: number, confidence: number): [number, number] {
  const key = `${band[0]},${band[1]},${checkRollouts},${confidence}`;
  let core = successCores.get(key);
  if (!core) {
    core = checkCore(band, confidence, (rate) => binomialBandProbability(rate, checkRollouts, band));
    successCores.set(key, core);
  }
  return core;
}

function bandViews(
  target: Target,
  stats: RolloutStats,
  turnsDeviation: number,
  confidence: number,
  checkRollouts: number,
  pooled: MixtureEstimate | undefined,
): BandView[] {
  const views: BandView[] = [];
  if (target.successBand && checkRollouts === 0 && pooled?.consistent) {
    const posterior = mixtureBandPosterior(pooled, target.successBand);
    views.push({
      band: target.successBand,
      estimate: pooled.mean,
      landing: posterior,
      core: posterior,
      what: `success (pooled over the ${pooled.episodes} episodes of the mixture)`,
      up: "too-easy",
      down: "too-hard",
    });
  } else if (target.successBand) {
    const band = target.successBand;
    const core = checkRollouts > 0 ? successCore(band, checkRollouts, confidence) : band;
    views.push({
      band,
      estimate: stats.successRate,
      landing:
        checkRollouts > 0
          ? successPredictive(stats.successes, stats.episodes, band, checkRollouts)
          : successPosterior(stats.successes, stats.episodes, band),
      core: successPosterior(stats.successes, stats.episodes, core),
      what: "success",
      up: "too-easy",
      down: "too-hard",
    });
  }
  if (target.stepsBand) {
    const band = target.stepsBand;
    const checkError = checkRollouts > 0 ? turnsDeviation / Math.sqrt(checkRollouts) : 0;
    const core =
      checkError > 0
        ? checkCore(
            band,
            confidence,
            (mean) => normalCdf((band[1] - mean) / checkError) - normalCdf((band[0] - mean) / checkError),
          )
        : band;
    views.push({
      band,
      estimate: stats.meanTurns,
      landing:
        checkRollouts > 0
          ? meanPredictive(stats.meanTurns, turnsDeviation, stats.episodes, band, checkRollouts)
          : meanPosterior(stats.meanTurns, turnsDeviation, stats.episodes, band),
      core: meanPosterior(stats.meanTurns, turnsDeviation, stats.episodes, core),
      what: "mean turns",
      up: "too-long",
      down: "too-short",
    });
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

function describe(view: BandView, episodes: number, checkRollouts: number): string {
  const { landing } = view;
  const what =
    checkRollouts > 0
      ? `P(a ${checkRollouts}-rollout check lands in [${view.band[0]}, ${view.band[1]}])`
      : `P(in [${view.band[0]}, ${view.band[1]}])`;
  return `${view.what} ${fmt(view.estimate)} at n=${episodes}: ${what} = ${fmt(landing.inside)}, below ${fmt(landing.below)}, above ${fmt(landing.above)}`;
}

/**
 * Judge the success and steps bands of `target` (a weakness is not judged here). With
 * `checkRollouts` > 0 (the default 100): `in` when the posterior-predictive probability
 * that a fresh check of that many rollouts measures every band in band (the product over
 * bands; Beta-binomial for success, normal for mean turns) is ≥ `confidence`; `out` when
 * the posterior of one band's true value (Beta, uniform prior; normal approximation for
 * mean turns) puts ≥ `confidence` of its mass on one side of that band's core — the values
 * whose check lands in band with probability ≥ `confidence` — so a rate no check could
 * confirm is refined early instead of spending up to the cap. With `checkRollouts` 0 the
 * core is the band and `in` reads the posterior of the true value. Otherwise `more` while
 * `canSpend`, and at the cap `out` towards the heavier side of the core (the distance then
 * measured from the band's middle when the estimate lies inside).
 */
export function judgeBands(target: Target, stats: RolloutStats, options: BandJudgementOptions): BandJudgement {
  const { turnsDeviation, canSpend } = options;
  const confidence = options.confidence ?? DEFAULT_DECISION_POLICY.confidence;
  const checkRollouts = options.checkRollouts ?? DEFAULT_DECISION_POLICY.checkRollouts;
  const refineConfidence = options.refineConfidence ?? DEFAULT_DECISION_POLICY.refineConfidence ?? confidence;
  const views = bandViews(target, stats, turnsDeviation, confidence, checkRollouts, options.pooled);
  const probability = views.reduce((product, view) => product * view.landing.inside, 1);
  const message = views.map((view) => describe(view, stats.episodes, checkRollouts)).join("; ");
  if (probability >= confidence) return { kind: "in", probability, message };
  const confidentOut = views.find((view) => Math.max(view.core.below, view.core.above) >= refineConfidence);
  if (confidentOut) {
    const above = confidentOut.core.above > confidentOut.core.below;
    return {
      kind: "out",
      direction: above ? confidentOut.up : confidentOut.down,
      distance: signedDistance(confidentOut),
      message,
      probability,
      atLimit: false,
    };
  }
  if (canSpend) return { kind: "more", probability, message: `undecided: ${message}` };
  // The cap: the band least likely to hold names the direction.
  const weakest = [...views].sort((left, right) => left.landing.inside - right.landing.inside)[0]!;
  const above = weakest.core.above > weakest.core.below;
  return {
    kind: "out",
    direction: above ? weakest.up : weakest.down,
    distance: signedDistance(weakest),
    message: `inconclusive at the limit: ${message}`,
    probability,
    atLimit: true,
  };
}

/**
 * The numeric decision rule. It reads aggregate statistics only — never a single
 * trajectory, never a model's opinion — in this order:
 * 0. refusal: more than `maxExternalErrorRate` of the episodes errored outside the
 *    candidate (a remote env, a provider) → throws `EPISODES_ERRORED`, nothing decided;
 * 1. broken: the rate of the candidate's own errors above `maxErrorRate` → reject;
 * 2. pass-through: the candidate changed nothing over ≥ `minimumEvidence` rollouts →
 *    reject (`no-effect`); fewer → `more`;
 * 3. unsolvable: success 0 over ≥ `minimumEvidence` rollouts and ≥ `unsolvableStopFraction`
 *    of them ended by budget, timeout or with a blocked action → refine, direction
 *    `unsolvable` (relax); fewer rollouts → `more`;
 * 4. bands ({@link judgeBands}) at `confidence` on a `checkRollouts` check: mass on one
 *    side of the core → refine with the signed distance; undecided → `more` until `kMax`,
 *    then refine towards the heavier side;
 * 5. weakness target: accept iff both sides have ≥ `weaknessMinEpisodes` rollouts, success
 *    among weakness-showing rollouts ≤ `weaknessMaxSuccess` and among the others ≥
 *    `weaknessMinOtherSuccess`; with too few rollouts on a side → `more` (until kMax);
 * 6. winner's curse: the first time everything passes, `more` with `confirm` — a batch of
 *    `confirmationEpisodes` fresh rollouts — and the verdict is taken again on all of them;
 * 7. otherwise accept.
 */
export function decide(
  target: Target,
  evidence: CandidateEvidence,
  policy: DecisionPolicy = DEFAULT_DECISION_POLICY,
): DecisionVerdict {
  const budgetOut =
    evidence.remainingRollouts !== undefined &&
    evidence.remainingRollouts <= 0 &&
    evidence.stats.episodes < policy.kMax;
  const verdict = decideOnEvidence(target, evidence, policy, !budgetOut && evidence.stats.episodes < policy.kMax);
  if (verdict.decision === "more") {
    if (!budgetOut) return verdict;
    return {
      decision: "refine",
      direction: "inconclusive",
      distance: 0,
      stop: "budget",
      message: `the rollout budget ran out at n=${evidence.stats.episodes}: ${verdict.message}`,
    };
  }
  const stop: DecisionStop = verdict.stop === undefined ? "decided" : budgetOut ? "budget" : "cap";
  return { ...verdict, stop };
}

/** {@link decide} with `canSpend` given; a verdict forced by the limit carries `stop` (cap or budget, set by the caller). */
function decideOnEvidence(
  target: Target,
  evidence: CandidateEvidence,
  policy: DecisionPolicy,
  canSpend: boolean,
): DecisionVerdict {
  const { stats } = evidence;
  const enoughEvidence = stats.episodes >= policy.minimumEvidence;
  refuseOnExternalErrors(stats, policy.maxExternalErrorRate, "validation");
  if (ownErrorRate(stats) > policy.maxErrorRate) {
    return {
      decision: "reject",
      direction: "broken",
      distance: 0,
      message: `${(ownErrorRate(stats) * 100).toFixed(0)}% of validation episodes errored (component failure or invalid setup)`,
    };
  }
  if (!evidence.changesSomething) {
    if (!enoughEvidence)
      return {
        decision: "more",
        message: `no change seen yet in ${stats.episodes} rollouts: too few to call the candidate a pass-through`,
      };
    return {
      decision: "reject",
      direction: "no-effect",
      distance: 0,
      message: `the candidate changed no action, observation or start state in ${stats.episodes} rollouts: it is a pass-through`,
    };
  }
  const stalled = (stats.stopReasons.budget ?? 0) + (stats.stopReasons.timeout ?? 0);
  const stalledFraction = stats.episodes === 0 ? 0 : stalled / stats.episodes;
  if (
    stats.successes === 0 &&
    stats.episodes > 0 &&
    Math.max(stalledFraction, stats.blockedEpisodeRate) >= policy.unsolvableStopFraction
  ) {
    if (!enoughEvidence)
      return {
        decision: "more",
        message: `success 0/${stats.episodes}, mostly stalled: too few rollouts to call it unsolvable`,
      };
    const distance = target.successBand ? -target.successBand[0] : -1;
    return {
      decision: "refine",
      direction: "unsolvable",
      distance,
      message: `success 0/${stats.episodes} with ${stalled} rollouts out of budget or time and ${(stats.blockedEpisodeRate * 100).toFixed(0)}% of rollouts hitting a blocked action: relax or undo the restriction`,
    };
  }
  let passed = `target met at n=${stats.episodes}: success ${fmt(stats.successRate)}, mean turns ${fmt(stats.meanTurns)}`;
  if (target.successBand || target.stepsBand) {
    const bands = judgeBands(target, stats, {
      turnsDeviation: evidence.turnsStandardDeviation,
      canSpend,
      confidence: policy.confidence,
      checkRollouts: policy.checkRollouts,
      refineConfidence: policy.refineConfidence ?? policy.confidence,
      ...(evidence.pooled ? { pooled: evidence.pooled } : {}),
    });
    if (bands.kind === "more") return { decision: "more", message: bands.message };
    if (bands.kind === "out")
      return { ...refine(bands.direction, bands.distance, bands.message), ...(bands.atLimit ? { stop: "cap" } : {}) };
    passed = `target met (confidence ${policy.confidence}): ${bands.message}`;
  }
  if (target.weakness) {
    const split = evidence.weakness;
    if (!split)
      return {
        decision: "reject",
        direction: "weakness-not-decisive",
        distance: 0,
        message: "no weakness detector applies to these rollouts",
      };
    const enough =
      split.showing.episodes >= policy.weaknessMinEpisodes && split.notShowing.episodes >= policy.weaknessMinEpisodes;
    if (!enough && canSpend) return { decision: "more", message: "too few rollouts on one side of the weakness" };
    const showingRate = split.showing.episodes === 0 ? 0 : split.showing.successes / split.showing.episodes;
    const otherRate = split.notShowing.episodes === 0 ? 0 : split.notShowing.successes / split.notShowing.episodes;
    const message = `success ${fmt(showingRate)} (n=${split.showing.episodes}) with the weakness, ${fmt(otherRate)} (n=${split.notShowing.episodes}) without`;
    if (!enough)
      return { ...refine("weakness-not-decisive", 0, `too few rollouts on one side: ${message}`), stop: "cap" };
    if (otherRate < policy.weaknessMinOtherSuccess)
      return refine(
        "too-hard",
        otherRate - policy.weaknessMinOtherSuccess,
        `not reachable without the weakness: ${message}`,
      );
    if (showingRate > policy.weaknessMaxSuccess)
      return refine(
        "weakness-not-decisive",
        showingRate - policy.weaknessMaxSuccess,
        `weakness not decisive: ${message}`,
      );
    passed = `${passed}; ${message}`;
  }
  if (policy.confirmationEpisodes > 0 && evidence.confirmationFrom === undefined) {
    return {
      decision: "more",
      confirm: true,
      message: `passed at n=${stats.episodes}; confirming on ${policy.confirmationEpisodes} fresh rollouts`,
    };
  }
  const confirmed =
    evidence.confirmationFrom === undefined
      ? ""
      : ` (confirmed on ${stats.episodes - evidence.confirmationFrom} fresh rollouts after passing at n=${evidence.confirmationFrom})`;
  return { decision: "accept", direction: "in-band", distance: 0, message: `${passed}${confirmed}` };
}

function refine(direction: DecisionDirection, distance: number, message: string): DecisionFeedback {
  return { decision: "refine", direction, distance, message };
}

function fmt(value: number): string {
  return value.toFixed(2);
}
