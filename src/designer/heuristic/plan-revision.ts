import { EnvriggerError } from "../../core/errors.js";
import { stableStringify, type JsonObject } from "../../core/json.js";
import type { Attempt, DesignContext, Diagnosis } from "../designer.js";
import { aimedMagnitude } from "./aimed-magnitude.js";
import { attemptOutcome, MOVEMENT_TOLERANCE, type AttemptReason } from "./attempt-outcome.js";
import { bandMiddle, baselineDistance } from "./baseline-distance.js";
import type { TemplateKnob, TemplatePlan } from "./harness-template.js";
import { nextMagnitude, type MagnitudeProbe, type MixtureAim } from "./next-magnitude.js";

/**
 * A template kept underneath the next one in the same candidate: it moved the statistic
 * towards the band but could not reach it alone (no room left, saturated or at its
 * strongest), so its best magnitude stays and the next template adds to it.
 */
export interface BaseLayer {
  plan: TemplatePlan;
  magnitude: number;
  /** The success rate and signed distance measured with it alone (the next template's starting point). */
  rate: number;
  distance: number;
}

/** The template and magnitude to propose next, and why (and the template kept under it, if any). */
export interface RevisionChoice {
  plan: TemplatePlan;
  magnitude: number;
  note: string;
  base?: BaseLayer;
}

/** The proposal parameter that records the base layer of a combined candidate. */
export const BASE_PARAMETER = "base";
/** Joins a plan's key and its base's in a combined candidate's key (never in a plan's own key). */
const BASE_SEPARATOR = "\u0000over\u0000";

/**
 * Why a template was dropped: an attempt's verdict ({@link AttemptReason}), or what the
 * search found — its settings changed with new evidence, it no longer applies, another
 * template replaced it, its knob saturated, or its knob has no room left between probes.
 */
type DropReason = AttemptReason | "settings-changed" | "no-longer-applies" | "abandoned" | "saturated" | "no-room";

/** What the attempts say about one template. */
interface TemplateHistory {
  probes: Array<MagnitudeProbe & { distance: number | null }>;
  /** Why it was dropped, if it was: the code, and the sentence shown in notes. */
  dropped?: { reason: DropReason; why: string };
  /** Its latest attempt did not move and asks for the strongest value. */
  escalate?: string;
}

/** A plan's identity across revisions: its template and its settings (a template re-planned with new settings starts afresh). */
function planKey(plan: Pick<TemplatePlan, "template" | "settings">): string {
  return `${plan.template} ${stableStringify(plan.settings)}`;
}

/** The key of the plan an attempt came from: its template and its parameters without the knob. */
function attemptKey(attempt: Attempt, plans: readonly TemplatePlan[]): string {
  const template = attempt.proposal!.template!;
  const knob = plans.find((plan) => plan.template === template)?.knob.name;
  const settings: JsonObject = { ...(attempt.proposal!.parameters ?? {}) };
  if (knob !== undefined) delete settings[knob];
  const base = settings[BASE_PARAMETER];
  delete settings[BASE_PARAMETER];
  // A combined candidate is its own plan: the same template over another base starts afresh.
  return `${planKey({ template, settings })}${base === undefined ? "" : `${BASE_SEPARATOR}${stableStringify(base)}`}`;
}

/** The base recorded in an attempt's parameters, resolved against the current plans. */
function recordedBase(attempt: Attempt | undefined, plans: readonly TemplatePlan[]): BaseLayer | undefined {
  const recorded = attempt?.proposal?.parameters?.[BASE_PARAMETER];
  if (recorded === undefined || recorded === null || typeof recorded !== "object" || Array.isArray(recorded))
    return undefined;
  const { key, magnitude, rate, distance } = recorded as Record<string, unknown>;
  const plan = plans.find((candidate) => planKey(candidate) === key);
  if (!plan || typeof magnitude !== "number" || typeof rate !== "number" || typeof distance !== "number")
    return undefined;
  return { plan, magnitude, rate, distance };
}

/** Whether two plans' layers can share one candidate (at most one Setup: two replays would not compose). */
function composable(base: TemplatePlan, next: TemplatePlan, hasSetup: (plan: TemplatePlan) => boolean): boolean {
  return base.template !== next.template && !(hasSetup(base) && hasSetup(next));
}

/** Whether a knob can make a small move: not integer, or an integer one that mixes its neighbours (`fractional`). */
function continuous(knob: TemplateKnob): boolean {
  return !knob.integer || knob.fractional === true;
}

/** How far along the knob's "harder" axis a magnitude lies. */
function hardness(knob: TemplateKnob, magnitude: number): number {
  return knob.harderWhen === "larger" ? magnitude : -magnitude;
}

/**
 * Saturation: the last two probes still needed the same push, the last one pushed further
 * that way, yet its distance to the band did not shrink at all.
 */
function saturated(knob: TemplateKnob, probes: TemplateHistory["probes"]): boolean {
  const [previous, last] = probes.slice(-2);
  if (!previous || !last || previous.need !== last.need || previous.distance === null || last.distance === null)
    return false;
  const pushedFurther =
    last.need === "harder"
      ? hardness(knob, last.magnitude) > hardness(knob, previous.magnitude)
      : hardness(knob, last.magnitude) < hardness(knob, previous.magnitude);
  return pushedFurther && Math.abs(last.distance) >= Math.abs(previous.distance);
}

/**
 * Choose the next proposal from the applicable plans (highest priority first) and the
 * earlier attempts with their decision feedback:
 * - no attempt yet: the first plan at the magnitude aimed from what the run measured of it on
 *   earlier tasks ({@link aimedMagnitude}), else at its estimated initial magnitude;
 * - the latest template moved the statistic towards the band (or across it): keep it and
 *   tune its knob over every probe of it (the signed distance says which side): a mixture
 *   knob goes where the line through the baseline and the measured success rates meets
 *   the band's middle, any other knob is bisected;
 * - it did not move on its first probe: try its strongest value once;
 * - it had no effect, broke, made the task unsolvable, moved the wrong way, stopped
 *   responding (saturated; not for mixture knobs, whose success is linear), or its knob
 *   has no room left: switch to the best template not yet dropped, at its first value (aimed as above)
 *   (see {@link attemptOutcome} for the verdicts a mixture knob reads as noise or as a probe).
 * A template that could not reach the band alone but got closer stays as the base of the
 * next candidates (one base at most); the template added on top is the first, in priority
 * order, with a mixture knob (linear from the base's rate), else the first whose knob moves
 * in small steps (continuous or fractional), else the first.
 * A plan is identified by its template and settings: a template whose settings changed with
 * new evidence (e.g. a search that learnt from its last attempt) is a new plan.
 * Throws `DESIGNER_OUTPUT` when every applicable template was dropped.
 */
export function planRevision(
  plans: readonly TemplatePlan[],
  context: DesignContext,
  diagnosis: Diagnosis,
  hasSetup: (plan: TemplatePlan) => boolean = () => false,
): RevisionChoice {
  const ours = context.attempts.filter((attempt) => attempt.proposal?.template !== undefined);
  const keys = ours.map((attempt) => attemptKey(attempt, plans));
  // A combined candidate is judged against what its base reached alone, not against the baseline.
  const activeBase = recordedBase(ours.at(-1), plans);
  const distance = activeBase ? activeBase.distance : baselineDistance(context);
  // Mixture knobs aim at the success band's middle (there is no line to fit for a steps band).
  const aim: MixtureAim | undefined = context.target.successBand
    ? { baselineRate: activeBase ? activeBase.rate : context.baseline.stats.successRate, middle: bandMiddle(context) }
    : undefined;
  const baselineNeed = diagnosis.direction === "easier" ? "easier" : "harder";
  const histories = new Map<string, TemplateHistory & { template: string }>();
  ours.forEach((attempt, index) => {
    const key = keys[index]!;
    const history = histories.get(key) ?? { template: attempt.proposal!.template!, probes: [] };
    histories.set(key, history);
    const plan = plans.find((candidate) => planKey(candidate) === key.split(BASE_SEPARATOR)[0]);
    if (!plan) {
      const last = attempt.decision ? ` after ${attempt.decision.direction}: ${attempt.decision.message}` : "";
      history.dropped = plans.some((candidate) => candidate.template === history.template)
        ? { reason: "settings-changed", why: "its settings changed with new evidence" }
        : { reason: "no-longer-applies", why: `it no longer applies${last}` };
      return;
    }
    // A first probe's direction is judged on the success counts against the baseline's (success bands, no base).
    const evidence =
      context.target.successBand && !activeBase && attempt.stats
        ? {
            probe: { successes: attempt.stats.successes, episodes: attempt.stats.episodes },
            reference: { successes: context.baseline.stats.successes, episodes: context.baseline.stats.episodes },
          }
        : undefined;
    const outcome = attemptOutcome(
      attempt,
      distance,
      plan.knob,
      history.probes.filter((probe) => probe.distance !== null).length,
      evidence,
    );
    // A verdict the template's earlier probes contradict says nothing about the knob.
    if (outcome.kind === "retry") return;
    // Nor does the rate of a pass-through verdict: no episode was perturbed.
    const measured = attempt.stats && attempt.decision?.direction !== "no-effect";
    const success = measured
      ? { success: { rate: attempt.stats!.successRate, episodes: attempt.stats!.episodes } }
      : {};
    history.escalate = undefined;
    if (outcome.kind === "switch") history.dropped ??= { reason: outcome.reason, why: outcome.why };
    else if (outcome.kind === "escalate") {
      history.escalate = outcome.why;
      history.probes.push({ magnitude: outcome.magnitude, need: baselineNeed, distance: null, ...success });
    } else if (outcome.need !== null && outcome.magnitude !== null) {
      history.probes.push({ magnitude: outcome.magnitude, need: outcome.need, distance: outcome.distance, ...success });
    }
  });
  const latest = keys.at(-1);
  // The designer only ever leaves a template by dropping it: one tried before the latest stays dropped.
  for (const [key, history] of histories)
    if (key !== latest) history.dropped ??= { reason: "abandoned", why: "it was abandoned for another template" };
  const current =
    latest === undefined ? undefined : plans.find((plan) => planKey(plan) === latest.split(BASE_SEPARATOR)[0]);
  const history = latest === undefined ? undefined : histories.get(latest);
  if (current && history && !history.dropped) {
    if (history.escalate) {
      return {
        plan: current,
        magnitude: current.knob.strongest,
        note: `kept ${current.template} although ${history.escalate}: trying its strongest ${current.knob.name} ${current.knob.strongest}`,
      };
    }
    // A mixture knob's success is linear in it: it cannot saturate, and its small interpolated steps sit within the noise.
    if (!current.knob.mixture && saturated(current.knob, history.probes))
      history.dropped = {
        reason: "saturated",
        why: `a stronger ${current.knob.name} no longer moved the statistic (saturated)`,
      };
    else {
      const magnitude = nextMagnitude(current.knob, history.probes, baselineNeed, aim);
      if (magnitude !== null) {
        const how =
          current.knob.mixture && aim
            ? `interpolating ${current.knob.name} towards success ${aim.middle.toFixed(2)}`
            : `bisecting ${current.knob.name}`;
        return {
          plan: current,
          magnitude,
          note: `kept ${current.template}: it moved the statistic towards the band; ${how}: ${magnitude.toFixed(3)}`,
          ...(activeBase ? { base: activeBase } : {}),
        };
      }
      history.dropped = { reason: "no-room", why: `${current.knob.name} has no room left between the probes` };
    }
  }
  // The template just dropped kept as a base under the next one, when it got closer to the band
  // than where it started yet stayed on the same side (no single template reaches the band).
  // One base at most: a combined candidate that is dropped does not become a base itself.
  const progress =
    !activeBase && current && history ? bestShortProbe(history.probes, baselineNeed, distance) : undefined;
  const base: BaseLayer | undefined =
    progress && current
      ? { plan: current, magnitude: progress.magnitude, rate: progress.rate, distance: progress.distance }
      : activeBase;
  const tried = (plan: TemplatePlan) => {
    const key = `${planKey(plan)}${base ? `${BASE_SEPARATOR}${stableStringify(baseRecord(base))}` : ""}`;
    return (
      histories.get(key)?.dropped !== undefined ||
      (base === undefined && histories.get(planKey(plan))?.dropped !== undefined)
    );
  };
  // Not on top: a template that never ran, or that alone changed nothing the policy did (a pass-through stays one).
  const unfit = (plan: TemplatePlan) => {
    const reason = histories.get(planKey(plan))?.dropped?.reason;
    return reason === "never-ran" || reason === "no-effect";
  };
  const addable = base
    ? plans.filter(
        (plan) =>
          composable(base.plan, plan, hasSetup) && !tried(plan) && plan.template !== base.plan.template && !unfit(plan),
      )
    : [];
  // What is left to the band is a short push. A mixture knob first: on top of the base its success
  // is linear from the base's own rate (the other episodes behave like the base), where another
  // knob's neutral value was read from the baseline, which the base changed. Then any knob that
  // moves in small steps, then the rest.
  const combined =
    addable.find((plan) => plan.knob.mixture === true) ?? addable.find((plan) => continuous(plan.knob)) ?? addable[0];
  if (base && combined) {
    return {
      plan: combined,
      magnitude: combined.initial,
      base,
      note: `kept ${base.plan.template} at ${base.plan.knob.name} = ${base.magnitude.toFixed(3)} (success ${base.rate.toFixed(2)} alone, short of the band) and added ${combined.template} at ${combined.knob.name} = ${combined.initial.toFixed(3)} on top`,
    };
  }
  const next = plans.find((plan) => !histories.get(planKey(plan))?.dropped);
  if (!next) {
    // One entry per template: a template re-planned with new settings (a search) lists its rounds once.
    const byTemplate = new Map<string, { rounds: number; last: string }>();
    for (const entry of histories.values())
      byTemplate.set(entry.template, {
        rounds: (byTemplate.get(entry.template)?.rounds ?? 0) + 1,
        last: entry.dropped?.why ?? "kept",
      });
    const reasons = [...byTemplate.entries()]
      .map(
        ([template, entry]) =>
          `${template} (${entry.rounds > 1 ? `${entry.rounds} settings tried; the last: ` : ""}${entry.last})`,
      )
      .join("; ");
    throw new EnvriggerError(
      "DESIGNER_OUTPUT",
      `the heuristic designer has no template left for task ${context.taskId}: ${reasons || "none applies"}`,
      {
        hint: "try another target, more baseline rollouts, or an LLM designer",
      },
    );
  }
  const left = latest === undefined ? undefined : histories.get(latest);
  const why = left?.dropped ? `switched from ${left.template} because ${left.dropped.why}; ` : "";
  const aimed = aimedMagnitude(next, context);
  return {
    plan: next,
    magnitude: aimed?.magnitude ?? next.initial,
    note: aimed
      ? `${why}${next.template} at ${next.knob.name} = ${aimed.magnitude.toFixed(3)} (aimed at the band's middle from the run's ${aimed.measurements} measurement(s) of it on earlier tasks)`
      : `${why}${next.template} at ${next.knob.name} = ${next.initial.toFixed(3)} (its first value, estimated from the data so far)`,
  };
}

/** How a base is recorded in a proposal's parameters. */
export function baseRecord(base: BaseLayer): JsonObject {
  return {
    key: planKey(base.plan),
    template: base.plan.template,
    magnitude: base.magnitude,
    rate: base.rate,
    distance: base.distance,
  };
}

/**
 * The probe that came closest to the band while still short of it on the baseline's side
 * (it needed the same push as the baseline), when it moved by more than the tolerance.
 */
function bestShortProbe(
  probes: TemplateHistory["probes"],
  baselineNeed: "harder" | "easier",
  reference: number,
): { magnitude: number; rate: number; distance: number } | undefined {
  let best: { magnitude: number; rate: number; distance: number } | undefined;
  for (const probe of probes) {
    if (probe.need !== baselineNeed || probe.distance === null || !probe.success) continue;
    if (Math.abs(probe.distance) > Math.abs(reference) - MOVEMENT_TOLERANCE) continue;
    if (!best || Math.abs(probe.distance) < Math.abs(best.distance))
      best = { magnitude: probe.magnitude, rate: probe.success.rate, distance: probe.distance };
  }
  return best;
}
