import { EnvriggerError } from "../../core/errors.js";
import { stableStringify, type JsonObject } from "../../core/json.js";
import type { Attempt, DesignContext, Diagnosis } from "../designer.js";
import { attemptOutcome } from "./attempt-outcome.js";
import { bandMiddle, baselineDistance } from "./baseline-distance.js";
import type { TemplateKnob, TemplatePlan } from "./harness-template.js";
import { nextMagnitude, type MagnitudeProbe, type MixtureAim } from "./next-magnitude.js";

/** The template and magnitude to propose next, and why. */
export interface RevisionChoice {
  plan: TemplatePlan;
  magnitude: number;
  note: string;
}

/** What the attempts say about one template. */
interface TemplateHistory {
  probes: Array<MagnitudeProbe & { distance: number | null }>;
  /** Why it was dropped, if it was. */
  dropped?: string;
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
  return planKey({ template, settings });
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
  if (!previous || !last || previous.need !== last.need || previous.distance === null || last.distance === null) return false;
  const pushedFurther = last.need === "harder" ? hardness(knob, last.magnitude) > hardness(knob, previous.magnitude) : hardness(knob, last.magnitude) < hardness(knob, previous.magnitude);
  return pushedFurther && Math.abs(last.distance) >= Math.abs(previous.distance);
}

/**
 * Choose the next proposal from the applicable plans (highest priority first) and the
 * earlier attempts with their decision feedback:
 * - no attempt yet: the first plan at its estimated initial magnitude;
 * - the latest template moved the statistic towards the band (or across it): keep it and
 *   tune its knob over every probe of it (the signed distance says which side): a mixture
 *   knob goes where the line through the baseline and the measured success rates meets
 *   the band's middle, any other knob is bisected;
 * - it did not move on its first probe: try its strongest value once;
 * - it had no effect, broke, made the task unsolvable, moved the wrong way, stopped
 *   responding (saturated; not for mixture knobs, whose success is linear), or its knob
 *   has no room left: switch to the best template not yet dropped, at its initial value
 *   (see {@link attemptOutcome} for the verdicts a mixture knob reads as noise or as a probe).
 * A plan is identified by its template and settings: a template whose settings changed with
 * new evidence (e.g. a search that learnt from its last attempt) is a new plan.
 * Throws `DESIGNER_OUTPUT` when every applicable template was dropped.
 */
export function planRevision(plans: readonly TemplatePlan[], context: DesignContext, diagnosis: Diagnosis): RevisionChoice {
  const distance = baselineDistance(context);
  // Mixture knobs aim at the success band's middle (there is no line to fit for a steps band).
  const aim: MixtureAim | undefined = context.target.successBand ? { baselineRate: context.baseline.stats.successRate, middle: bandMiddle(context) } : undefined;
  const baselineNeed = diagnosis.direction === "easier" ? "easier" : "harder";
  const histories = new Map<string, TemplateHistory & { template: string }>();
  const ours = context.attempts.filter((attempt) => attempt.proposal?.template !== undefined);
  const keys = ours.map((attempt) => attemptKey(attempt, plans));
  ours.forEach((attempt, index) => {
    const key = keys[index]!;
    const history = histories.get(key) ?? { template: attempt.proposal!.template!, probes: [] };
    histories.set(key, history);
    const plan = plans.find((candidate) => planKey(candidate) === key);
    if (!plan) {
      const last = attempt.decision ? ` after ${attempt.decision.direction}: ${attempt.decision.message}` : "";
      history.dropped = plans.some((candidate) => candidate.template === history.template) ? "its settings changed with new evidence" : `it no longer applies${last}`;
      return;
    }
    const outcome = attemptOutcome(attempt, distance, plan.knob, history.probes.filter((probe) => probe.distance !== null).length);
    // A verdict the template's earlier probes contradict says nothing about the knob.
    if (outcome.kind === "retry") return;
    // Nor does the rate of a pass-through verdict: no episode was perturbed.
    const measured = attempt.stats && attempt.decision?.direction !== "no-effect";
    const success = measured ? { success: { rate: attempt.stats!.successRate, episodes: attempt.stats!.episodes } } : {};
    history.escalate = undefined;
    if (outcome.kind === "switch") history.dropped ??= outcome.why;
    else if (outcome.kind === "escalate") {
      history.escalate = outcome.why;
      history.probes.push({ magnitude: outcome.magnitude, need: baselineNeed, distance: null, ...success });
    } else if (outcome.need !== null && outcome.magnitude !== null) {
      history.probes.push({ magnitude: outcome.magnitude, need: outcome.need, distance: outcome.distance, ...success });
    }
  });
  const latest = keys.at(-1);
  // The designer only ever leaves a template by dropping it: one tried before the latest stays dropped.
  for (const [key, history] of histories) if (key !== latest) history.dropped ??= "it was abandoned for another template";
  const current = latest === undefined ? undefined : plans.find((plan) => planKey(plan) === latest);
  const history = latest === undefined ? undefined : histories.get(latest);
  if (current && history && !history.dropped) {
    if (history.escalate) {
      return { plan: current, magnitude: current.knob.strongest, note: `kept ${current.template} although ${history.escalate}: trying its strongest ${current.knob.name} ${current.knob.strongest}` };
    }
    // A mixture knob's success is linear in it: it cannot saturate, and its small interpolated steps sit within the noise.
    if (!current.knob.mixture && saturated(current.knob, history.probes)) history.dropped = `a stronger ${current.knob.name} no longer moved the statistic (saturated)`;
    else {
      const magnitude = nextMagnitude(current.knob, history.probes, baselineNeed, aim);
      if (magnitude !== null) {
        const how = current.knob.mixture && aim ? `interpolating ${current.knob.name} towards success ${aim.middle.toFixed(2)}` : `bisecting ${current.knob.name}`;
        return { plan: current, magnitude, note: `kept ${current.template}: it moved the statistic towards the band; ${how}: ${magnitude.toFixed(3)}` };
      }
      history.dropped = `${current.knob.name} has no room left between the probes`;
    }
  }
  const next = plans.find((plan) => !histories.get(planKey(plan))?.dropped);
  if (!next) {
    // One entry per template: a template re-planned with new settings (a search) lists its rounds once.
    const byTemplate = new Map<string, { rounds: number; last: string }>();
    for (const entry of histories.values()) byTemplate.set(entry.template, { rounds: (byTemplate.get(entry.template)?.rounds ?? 0) + 1, last: entry.dropped ?? "kept" });
    const reasons = [...byTemplate.entries()].map(([template, entry]) => `${template} (${entry.rounds > 1 ? `${entry.rounds} settings tried; the last: ` : ""}${entry.last})`).join("; ");
    throw new EnvriggerError("DESIGNER_OUTPUT", `the heuristic designer has no template left for task ${context.taskId}: ${reasons || "none applies"}`, {
      hint: "try another target, more baseline rollouts, or an LLM designer",
    });
  }
  const left = latest === undefined ? undefined : histories.get(latest);
  const why = left?.dropped ? `switched from ${left.template} because ${left.dropped}; ` : "";
  return { plan: next, magnitude: next.initial, note: `${why}${next.template} at ${next.knob.name} = ${next.initial.toFixed(3)} (its first value, estimated from the data so far)` };
}
