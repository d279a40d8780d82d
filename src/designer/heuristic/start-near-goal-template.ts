import { z } from "zod";
import { actionInputSchema, type ActionInput } from "../../core/action.js";
import type { JsonObject } from "../../core/json.js";
import { parseWith } from "../../core/validate.js";
import type { CandidateLayer } from "../candidate.js";
import { demonstrationPath } from "./demonstration-path.js";
import type { HarnessTemplate, TemplateInput, TemplatePlan } from "./harness-template.js";
import { roundMagnitude } from "./rules-snippets.js";

const settingsSchema = z.object({
  /** The successful path's accepted calls before its finishing call. */
  steps: z.array(actionInputSchema).min(2),
  source: z.enum(["policy", "demonstrator"]),
});

/**
 * The Setup leaving `remaining` r steps of the path to the policy: it replays the first
 * n − r of the path's n steps. A fractional r mixes its two neighbours per episode (the
 * Setup's `prefixes`): ⌈r⌉ left in a fraction r − ⌊r⌋ of episodes, ⌊r⌋ in the rest. At least
 * one step (the last before the finish) always stays with the policy: the Setup never
 * replays a whole solution, and the sandbox's rule against a Setup that solves the task stays.
 */
export function startNearGoalLayers(steps: readonly ActionInput[], remaining: number): CandidateLayer[] {
  const total = steps.length;
  const clamped = Math.min(total, Math.max(1, remaining));
  const lower = Math.floor(clamped + 1e-9);
  const fraction = roundMagnitude(clamped - lower);
  const longest = total - lower;
  const prefixes =
    fraction === 0
      ? [{ length: longest, weight: 1 }]
      : [
          { length: longest, weight: roundMagnitude(1 - fraction) },
          { length: longest - 1, weight: fraction },
        ];
  return [
    {
      kind: "setup",
      actions: steps.slice(0, Math.max(1, longest)),
      ...(prefixes.length === 1 && longest > 0 ? {} : { prefixes }),
    },
  ];
}

function plan({ context, diagnosis, roles }: TemplateInput): TemplatePlan | null {
  if (diagnosis.direction !== "easier") return null;
  const path = demonstrationPath(context, roles);
  if (!path || path.steps.length < 2) return null;
  const total = path.steps.length;
  return {
    template: "start-near-goal",
    settings: { steps: path.steps, source: path.source },
    knob: { name: "remaining", neutral: total, strongest: 1, integer: true, fractional: true, harderWhen: "larger" },
    // A policy far below the band starts next to the goal; the search then walks the start back.
    initial: 1,
    priority: 1.6,
    reason: `a successful ${path.source === "policy" ? "episode of the policy" : "demonstration of the env's demonstrator"} reaches the goal in ${total} steps before finishing; starting the episode after all but the last few of them (reverse curriculum) leaves the policy a short, solvable remainder`,
  };
}

/**
 * `start-near-goal` (easier; reverse curriculum): a Setup replays a prefix of a successful
 * path — the policy's own shortest success, else the env demonstrator's — so the episode
 * starts near the goal. The knob `remaining` is the number of the path's steps left to the
 * policy (1 … n; n replays nothing), fractional between integers.
 */
export const startNearGoalTemplate: HarnessTemplate = {
  id: "start-near-goal",
  summary: "start the episode a few steps before the goal, on a successful path (reverse curriculum)",
  plan,
  build(settings: JsonObject, magnitude: number): CandidateLayer[] {
    const parsed = parseWith(settingsSchema, settings, "start-near-goal settings");
    return startNearGoalLayers(parsed.steps, magnitude);
  },
};
