import type { DecisionDirection, DecisionFeedback, DecisionStop, PooledSuccess } from "../designer/designer.js";
import type { Target } from "../designer/target.js";
import type { RolloutStats } from "../rollout/summarize.js";
import { ownErrorRate, refuseOnExternalErrors } from "./errored-episodes.js";
import { DEFAULT_DECISION_POLICY, type DecisionPolicy } from "./decision-policy.js";
import { fmt, judgeBands } from "./judge-bands.js";
import type { MixtureEstimate } from "./mixture-posterior.js";

export {
  CHECK_DECISION_POLICY,
  DEFAULT_DECISION_POLICY,
  PAPER_DECISION_POLICY,
  decisionRules,
  type DecisionPolicy,
  type DecisionRuleName,
} from "./decision-policy.js";
export { type BandJudgement, type BandJudgementOptions, judgeBands } from "./judge-bands.js";
export type { AbandonmentRule } from "./early-abandonment.js";

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
  /**
   * A prior on the success rate from a monotone dose-response fit across the template's
   * earlier probes (see `fitDoseResponse`): `episodes` pseudo-episodes at `rate`, counted at
   * most as many as the candidate's own — the fit aims and informs, it never accepts alone.
   * Read by the rule on the true rate, when nothing is pooled.
   */
  prior?: { rate: number; episodes: number };
}

/** The rule's verdict: a final decision, or "spend more rollouts first" (`confirm`: the confirmation batch). */
export type DecisionVerdict = DecisionFeedback | { decision: "more"; message: string; confirm?: boolean };

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
  const stop: DecisionStop =
    verdict.stop === undefined ? "decided" : verdict.stop === "abandoned" ? "abandoned" : budgetOut ? "budget" : "cap";
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
  let pooled: PooledSuccess | undefined;
  if (target.successBand || target.stepsBand) {
    const bands = judgeBands(target, stats, {
      turnsDeviation: evidence.turnsStandardDeviation,
      canSpend,
      rule: policy.rule,
      confidence: policy.confidence,
      tolerance: policy.tolerance,
      stepsTolerance: policy.stepsTolerance,
      checkRollouts: policy.checkRollouts,
      refineConfidence: policy.refineConfidence ?? policy.confidence,
      ...(evidence.pooled ? { pooled: evidence.pooled } : {}),
      ...(evidence.prior ? { prior: evidence.prior } : {}),
      ...(policy.abandon ? { abandon: policy.abandon, remainingEpisodes: remainingEpisodes(evidence, policy) } : {}),
    });
    if (bands.kind === "more") return { decision: "more", message: bands.message };
    if (bands.kind === "out") {
      const stop: DecisionStop | undefined = bands.atLimit ? "cap" : bands.abandoned ? "abandoned" : undefined;
      return { ...refine(bands.direction, bands.distance, bands.message), ...(stop ? { stop } : {}) };
    }
    passed = `target met (confidence ${policy.confidence}): ${bands.message}`;
    pooled = bands.pooled;
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
  return {
    decision: "accept",
    direction: "in-band",
    distance: 0,
    message: `${passed}${confirmed}`,
    ...(pooled ? { pooled } : {}),
  };
}

/** What the validation may still spend: the cap less the episodes run, or less, what the budget leaves. */
function remainingEpisodes(evidence: CandidateEvidence, policy: DecisionPolicy): number {
  const toCap = policy.kMax - evidence.stats.episodes;
  return evidence.remainingRollouts === undefined ? toCap : Math.min(toCap, evidence.remainingRollouts);
}

function refine(direction: DecisionDirection, distance: number, message: string): DecisionFeedback {
  return { decision: "refine", direction, distance, message };
}
