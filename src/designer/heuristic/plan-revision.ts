import { EnvriggerError } from "../../core/errors.js";
import type { DesignContext, Diagnosis } from "../designer.js";
import { attemptOutcome } from "./attempt-outcome.js";
import { baselineDistance } from "./baseline-distance.js";
import type { TemplateKnob, TemplatePlan } from "./harness-template.js";
import { nextMagnitude, type MagnitudeProbe } from "./next-magnitude.js";

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
 *   bisect its knob over every probe of it (the signed distance says which side);
 * - it did not move on its first probe: try its strongest value once;
 * - it had no effect, broke, made the task unsolvable, moved the wrong way, stopped
 *   responding (saturated), or its knob has no room left: switch to the best template not
 *   yet dropped, at its initial value.
 * Throws `DESIGNER_OUTPUT` when every applicable template was dropped.
 */
export function planRevision(plans: readonly TemplatePlan[], context: DesignContext, diagnosis: Diagnosis): RevisionChoice {
  const distance = baselineDistance(context);
  const baselineNeed = diagnosis.direction === "easier" ? "easier" : "harder";
  const histories = new Map<string, TemplateHistory>();
  const ours = context.attempts.filter((attempt) => attempt.proposal?.template !== undefined);
  for (const attempt of ours) {
    const id = attempt.proposal!.template!;
    const history = histories.get(id) ?? { probes: [] };
    histories.set(id, history);
    const plan = plans.find((candidate) => candidate.template === id);
    if (!plan) {
      history.dropped = "it no longer applies";
      continue;
    }
    const outcome = attemptOutcome(attempt, distance, plan.knob, history.probes.filter((probe) => probe.distance !== null).length);
    history.escalate = undefined;
    if (outcome.kind === "switch") history.dropped ??= outcome.why;
    else if (outcome.kind === "escalate") {
      history.escalate = outcome.why;
      history.probes.push({ magnitude: outcome.magnitude, need: baselineNeed, distance: null });
    } else if (outcome.need !== null && outcome.magnitude !== null) {
      history.probes.push({ magnitude: outcome.magnitude, need: outcome.need, distance: outcome.distance });
    }
  }
  const latest = ours.at(-1)?.proposal?.template;
  // The designer only ever leaves a template by dropping it: one tried before the latest stays dropped.
  for (const [id, history] of histories) if (id !== latest) history.dropped ??= "it was abandoned for another template";
  const current = latest === undefined ? undefined : plans.find((plan) => plan.template === latest);
  const history = current ? histories.get(current.template)! : undefined;
  if (current && history && !history.dropped) {
    if (history.escalate) {
      return { plan: current, magnitude: current.knob.strongest, note: `kept ${current.template} although ${history.escalate}: trying its strongest ${current.knob.name} ${current.knob.strongest}` };
    }
    if (saturated(current.knob, history.probes)) history.dropped = `a stronger ${current.knob.name} no longer moved the statistic (saturated)`;
    else {
      const magnitude = nextMagnitude(current.knob, history.probes, baselineNeed);
      if (magnitude !== null) {
        return { plan: current, magnitude, note: `kept ${current.template}: it moved the statistic towards the band; bisecting ${current.knob.name} to ${magnitude.toFixed(3)}` };
      }
      history.dropped = `${current.knob.name} has no room left between the probes`;
    }
  }
  const next = plans.find((plan) => !histories.get(plan.template)?.dropped);
  if (!next) {
    const reasons = [...histories.entries()].map(([id, entry]) => `${id} (${entry.dropped ?? "kept"})`).join("; ");
    throw new EnvriggerError("DESIGNER_OUTPUT", `the heuristic designer has no template left for task ${context.taskId}: ${reasons || "none applies"}`, {
      hint: "try another target, more baseline rollouts, or an LLM designer",
    });
  }
  const why = latest !== undefined && histories.get(latest)?.dropped ? `switched from ${latest} because ${histories.get(latest)!.dropped}; ` : "";
  return { plan: next, magnitude: next.initial, note: `${why}${next.template} at ${next.knob.name} = ${next.initial.toFixed(3)} (estimated from the baseline)` };
}
