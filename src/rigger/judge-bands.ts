import type { DecisionDirection, PooledSuccess } from "../designer/designer.js";
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
import { DEFAULT_DECISION_POLICY, type DecisionRuleName } from "./decision-policy.js";
import {
  abandonment,
  pooledSummary,
  successSummary,
  templateAbandonment,
  type AbandonmentRule,
  type BandSummary,
} from "./early-abandonment.js";
import { mixtureBandPosterior, type MixtureEstimate } from "./mixture-posterior.js";

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
  /** See {@link CandidateEvidence.prior} (success bands, own episodes only). */
  prior?: { rate: number; episodes: number };
  /** See {@link DecisionPolicy.abandon} (absent: never abandon before the cap). */
  abandon?: AbandonmentRule;
  /** Rollouts the validation may still spend (the cap or budget less those spent): what the futility reads. */
  remainingEpisodes?: number;
  /** See {@link DecisionPolicy.rule} (default: the default policy's, `posterior`). */
  rule?: DecisionRuleName;
  /** See {@link DecisionPolicy.tolerance} (default: the default policy's). */
  tolerance?: number;
  /** See {@link DecisionPolicy.stepsTolerance} (default: the default policy's). */
  stepsTolerance?: number;
}

/** How the bands of a target judge some rollouts. */
export type BandJudgement =
  | {
      kind: "in";
      probability: number;
      message: string;
      /** Set when the success band was judged on a mixture's pooled estimate, not the candidate's own rate. */
      pooled?: PooledSuccess;
    }
  | { kind: "more"; probability: number; message: string }
  | {
      kind: "out";
      direction: DecisionDirection;
      distance: number;
      message: string;
      probability: number;
      /** Whether the verdict was forced by `canSpend` false (undecided at the limit) rather than by the evidence. */
      atLimit: boolean;
      /** Set when early abandonment ended the validation (see {@link AbandonmentRule}): the candidate, or its whole template. */
      abandoned?: "candidate" | "template";
    };

interface BandView {
  band: [number, number];
  /** The band widened by the tolerance on both sides: what the posterior is read against. */
  promised: [number, number];
  estimate: number;
  /** Where the check (or, with no check, the true value) lands: what accepting reads. */
  landing: BandPosterior;
  /** Posterior of the true value relative to the core (the values the check confirms at the confidence): what refining reads. */
  core: BandPosterior;
  /** The posterior as a normal summary (for early abandonment). */
  summary: BandSummary;
  what: string;
  /** Set when `estimate` pools the episodes of a mixture's probes (this many), not the candidate's own. */
  pooledEpisodes?: number;
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

/** A band widened by `tolerance` on both sides, within [floor, ceiling]. */
export function widenBand(
  band: readonly [number, number],
  tolerance: number,
  floor = Number.NEGATIVE_INFINITY,
  ceiling = Number.POSITIVE_INFINITY,
): [number, number] {
  return [Math.max(floor, band[0] - tolerance), Math.min(ceiling, band[1] + tolerance)];
}

interface ViewSettings {
  turnsDeviation: number;
  confidence: number;
  checkRollouts: number;
  tolerance: number;
  stepsTolerance: number;
  pooled: MixtureEstimate | undefined;
  prior: { rate: number; episodes: number } | undefined;
}

function bandViews(target: Target, stats: RolloutStats, settings: ViewSettings): BandView[] {
  const { turnsDeviation, confidence, checkRollouts, pooled, prior } = settings;
  const views: BandView[] = [];
  if (target.successBand && checkRollouts === 0 && pooled?.consistent) {
    const promised = widenBand(target.successBand, settings.tolerance, 0, 1);
    const posterior = mixtureBandPosterior(pooled, promised);
    views.push({
      band: target.successBand,
      promised,
      estimate: pooled.mean,
      landing: posterior,
      core: posterior,
      summary: pooledSummary(pooled, target.successBand, promised),
      what: "success",
      pooledEpisodes: pooled.episodes,
      up: "too-easy",
      down: "too-hard",
    });
  } else if (target.successBand) {
    const band = target.successBand;
    const promised = widenBand(band, settings.tolerance, 0, 1);
    const core = checkRollouts > 0 ? successCore(promised, checkRollouts, confidence) : promised;
    // A dose-response prior counts as pseudo-episodes, never more than the candidate's own.
    const priorEpisodes = prior && checkRollouts === 0 ? Math.min(prior.episodes, stats.episodes) : 0;
    const successes = stats.successes + (prior ? Math.round(prior.rate * priorEpisodes) : 0);
    const episodes = stats.episodes + priorEpisodes;
    views.push({
      band,
      promised,
      estimate: stats.successRate,
      landing:
        checkRollouts > 0
          ? successPredictive(successes, episodes, promised, checkRollouts)
          : successPosterior(successes, episodes, promised),
      core: successPosterior(successes, episodes, core),
      summary: successSummary(successes, episodes, band, promised),
      what: "success",
      up: "too-easy",
      down: "too-hard",
    });
  }
  if (target.stepsBand) {
    const band = target.stepsBand;
    const promised = widenBand(band, settings.stepsTolerance, 0);
    const checkError = checkRollouts > 0 ? turnsDeviation / Math.sqrt(checkRollouts) : 0;
    const core =
      checkError > 0
        ? checkCore(
            promised,
            confidence,
            (mean) => normalCdf((promised[1] - mean) / checkError) - normalCdf((promised[0] - mean) / checkError),
          )
        : promised;
    views.push({
      band,
      promised,
      estimate: stats.meanTurns,
      landing:
        checkRollouts > 0
          ? meanPredictive(stats.meanTurns, turnsDeviation, stats.episodes, promised, checkRollouts)
          : meanPosterior(stats.meanTurns, turnsDeviation, stats.episodes, promised),
      core: meanPosterior(stats.meanTurns, turnsDeviation, stats.episodes, core),
      summary: {
        band,
        promised,
        mean: stats.meanTurns,
        deviation: stats.episodes === 0 ? 0 : turnsDeviation / Math.sqrt(stats.episodes),
        effectiveEpisodes: stats.episodes,
      },
      what: "mean turns",
      up: "too-long",
      down: "too-short",
    });
  }
  return views;
}

/** The paper's rule: in when every measured value lies in its band, else out towards the side the first one outside lies on. */
function paperJudgement(views: readonly BandView[], probability: number, stats: RolloutStats): BandJudgement {
  const measured = views
    .map(
      (view) =>
        `${view.what} ${fmt(view.estimate)} in [${view.band[0]}, ${view.band[1]}]: ${estimateInBand(view) ? "yes" : "no"}`,
    )
    .join("; ");
  const message = `at n=${stats.episodes} (the paper's rule: the measured mean in band): ${measured}`;
  const outside = views.find((view) => !estimateInBand(view));
  if (!outside) return { kind: "in", probability, message, ...pooledRead(views) };
  return {
    kind: "out",
    direction: outside.estimate > outside.band[1] ? outside.up : outside.down,
    distance: signedDistance(outside),
    message,
    probability,
    atLimit: false,
  };
}

/** The pooled estimate a success view read, if one did (spread into an `in` verdict). */
function pooledRead(views: readonly BandView[]): { pooled?: PooledSuccess } {
  const view = views.find((candidate) => candidate.pooledEpisodes !== undefined);
  return view ? { pooled: { successRate: view.estimate, episodes: view.pooledEpisodes! } } : {};
}

/** Whether the point estimate lies in the band itself (not only in the promised band): a pass needs it. */
function estimateInBand(view: BandView): boolean {
  return view.estimate >= view.band[0] && view.estimate <= view.band[1];
}

/** The signed distance the designer reads: to the band edge when outside, to the band's middle when inside. */
function signedDistance(view: BandView): number {
  const [low, high] = view.band;
  if (view.estimate > high) return view.estimate - high;
  if (view.estimate < low) return view.estimate - low;
  return view.estimate - (low + high) / 2;
}

function describe(view: BandView, stats: RolloutStats, checkRollouts: number): string {
  const { landing } = view;
  const interval = `[${bound(view.promised[0])}, ${bound(view.promised[1])}]`;
  const what = checkRollouts > 0 ? `P(a ${checkRollouts}-rollout check lands in ${interval})` : `P(in ${interval})`;
  // A pooled estimate is not the candidate's own rate at n: say both, so that the report's own figure (n=…) reads the same.
  const estimate =
    view.pooledEpisodes === undefined
      ? `${fmt(view.estimate)} at n=${stats.episodes}`
      : `${fmt(view.estimate)} pooled over the ${view.pooledEpisodes} episodes of the mixture (this candidate's own ${fmt(stats.successRate)} at n=${stats.episodes})`;
  return `${view.what} ${estimate}: ${what} = ${fmt(landing.inside)}, below ${fmt(landing.below)}, above ${fmt(landing.above)}`;
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
  const views = bandViews(target, stats, {
    turnsDeviation,
    confidence,
    checkRollouts,
    tolerance: options.tolerance ?? DEFAULT_DECISION_POLICY.tolerance,
    stepsTolerance: options.stepsTolerance ?? DEFAULT_DECISION_POLICY.stepsTolerance,
    pooled: options.pooled,
    prior: options.prior,
  });
  const probability = views.reduce((product, view) => product * view.landing.inside, 1);
  const message = views.map((view) => describe(view, stats, checkRollouts)).join("; ");
  if ((options.rule ?? DEFAULT_DECISION_POLICY.rule) === "paper") return paperJudgement(views, probability, stats);
  if (probability >= confidence && views.every(estimateInBand))
    return { kind: "in", probability, message, ...pooledRead(views) };
  // The band least likely to hold names the direction (at the cap, or abandoning); an estimate outside its band first.
  const holds = (view: BandView) => (estimateInBand(view) ? view.landing.inside : -1);
  const weakest = [...views].sort((left, right) => holds(left) - holds(right))[0]!;
  const heavierAbove = estimateInBand(weakest)
    ? weakest.core.above > weakest.core.below
    : weakest.estimate > weakest.band[1];
  const abandon = checkRollouts === 0 ? options.abandon : undefined;
  const promisedSuccess = views.find((view) => view.up === "too-easy")?.promised;
  // A template no share of which reaches the band is dropped whatever this candidate's own verdict.
  const dropped =
    (abandon && templateAbandonment(abandon, options.pooled, promisedSuccess)) ||
    (abandon && canSpend
      ? abandonment(abandon, {
          probability,
          summaries: views.map((view) => view.summary),
          episodes: stats.episodes,
          remaining: options.remainingEpisodes ?? Number.POSITIVE_INFINITY,
          confidence,
        })
      : undefined);
  const confidentOut = views.find((view) => Math.max(view.core.below, view.core.above) >= refineConfidence);
  if (dropped && (dropped.kind === "template" || !confidentOut))
    return {
      kind: "out",
      direction: dropped.kind === "template" ? "out-of-reach" : heavierAbove ? weakest.up : weakest.down,
      distance: signedDistance(weakest),
      message: `abandoned: ${dropped.reason}; ${message}`,
      probability,
      atLimit: false,
      abandoned: dropped.kind,
    };
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
  return {
    kind: "out",
    direction: heavierAbove ? weakest.up : weakest.down,
    distance: signedDistance(weakest),
    message: `inconclusive at the limit: ${message}`,
    probability,
    atLimit: true,
  };
}

/** A band edge as the messages write it: as given, without a float's trailing noise (0.35, not 0.35000000000000003). */
function bound(value: number): string {
  return String(Number(value.toFixed(6)));
}

/** A rate or probability as the rule's messages write it (two decimals). */
export function fmt(value: number): string {
  return value.toFixed(2);
}
