import { z } from "zod";
import { actionSchema, formatAction } from "../../core/action.js";
import type { JsonObject } from "../../core/json.js";
import { parseWith } from "../../core/validate.js";
import type { CandidateLayer } from "../candidate.js";
import { harmfulActions } from "./harmful-actions.js";
import type { HarnessTemplate, TemplateInput, TemplatePlan } from "./harness-template.js";
import { percent } from "./episode-split.js";
import { resetObservationRules } from "./reset-observation-rules.js";

const settingsSchema = z.object({ actions: z.array(actionSchema).min(1), instruction: z.string() });

/** At most this many harmful actions are offered to the knob. */
const MAX_PERTURBATIONS = 3;

function plan({ context, diagnosis, roles }: TemplateInput): TemplatePlan | null {
  if (diagnosis.direction !== "harder") return null;
  const harmful = harmfulActions(context.baseline.trajectories, roles).slice(0, MAX_PERTURBATIONS);
  if (harmful.length === 0) return null;
  const first = harmful[0]!;
  return {
    template: "perturb-prefix",
    settings: { actions: harmful.map((entry) => entry.action), instruction: context.instruction },
    knob: { name: "count", neutral: 0, strongest: harmful.length, integer: true, harderWhen: "larger" },
    initial: 1,
    priority: 0.3,
    reason: `${formatAction(first.action)} appears in ${percent(first.failedShare)} of failed baseline episodes and ${percent(first.successfulShare)} of successful ones; replaying it silently before the policy starts puts it in the state its failures come from`,
  };
}

/**
 * `perturb-prefix`: a silent Setup — a Setup replays `count` state-changing actions seen
 * far more in failed baseline episodes than in successful ones, and a Rules layer shows
 * the task's instruction as the start observation, so the policy starts, unaware, from
 * the perturbed state (an integer knob).
 */
export const perturbPrefixTemplate: HarnessTemplate = {
  id: "perturb-prefix",
  summary: "silently replay actions seen in failed baseline episodes before the policy starts",
  plan,
  build(settings: JsonObject, magnitude: number): CandidateLayer[] {
    const parsed = parseWith(settingsSchema, settings, "perturb-prefix settings");
    const count = Math.min(parsed.actions.length, Math.max(1, Math.round(magnitude)));
    return [
      { kind: "setup", actions: parsed.actions.slice(0, count) },
      { kind: "rules", name: "silent-start", source: resetObservationRules(parsed.instruction, 1) },
    ];
  },
};
