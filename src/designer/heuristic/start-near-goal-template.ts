import { z } from "zod";
import { actionInputSchema, actionSchema, type ActionInput } from "../../core/action.js";
import type { JsonObject } from "../../core/json.js";
import { parseWith } from "../../core/validate.js";
import type { CandidateLayer } from "../candidate.js";
import { demonstrationPath } from "./demonstration-path.js";
import { refuseOffPathSource, structuredPath } from "./refuse-off-path-template.js";
import type { HarnessTemplate, TemplateInput, TemplatePlan } from "./harness-template.js";
import { roundMagnitude } from "./rules-snippets.js";

const settingsSchema = z.object({
  /** The successful path's accepted calls before its finishing call. */
  steps: z.array(actionInputSchema).min(2),
  /** Its finishing call, if it had one. */
  finish: actionInputSchema.nullable(),
  /** Steps and finish as structured calls (what the off-path refusal compares); null when one did not parse. Absent in settings saved before it was recorded. */
  calls: z.array(actionSchema).nullable().optional(),
  source: z.enum(["policy", "demonstrator"]),
  /** Reading and checking tools (never refused by the guidance). */
  freeTools: z.array(z.string()),
});
type Settings = z.infer<typeof settingsSchema>;

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

/** The assist beyond which the guidance starts: one step left (n − 1 of n replayed). */
function guidanceStart(settings: Pick<Settings, "steps">): number {
  return settings.steps.length - 1;
}

/**
 * The layers at assist a: up to n − 1, the Setup leaving n − a steps (fractional between
 * integers); beyond it, one step left and, in a fraction a − (n − 1) of episodes, the calls
 * off the path refused (a `refuse-off-path` Rules layer under the Setup, which the replay
 * advances along the path).
 */
function layers(settings: Settings, assist: number): CandidateLayer[] {
  const start = guidanceStart(settings);
  if (assist <= start + 1e-9) return startNearGoalLayers(settings.steps, settings.steps.length - assist);
  const path =
    settings.calls ?? structuredPath([...settings.steps, ...(settings.finish === null ? [] : [settings.finish])]);
  const setup = startNearGoalLayers(settings.steps, 1);
  if (path === null) return setup;
  const probability = roundMagnitude(Math.min(1, assist - start));
  return [
    {
      kind: "rules",
      name: "refuse-off-path",
      source: refuseOffPathSource({ path, freeTools: settings.freeTools }, probability),
    },
    ...setup,
  ];
}

function plan({ context, diagnosis, roles }: TemplateInput): TemplatePlan | null {
  if (diagnosis.direction !== "easier") return null;
  const path = demonstrationPath(context, roles);
  if (!path || path.steps.length < 2) return null;
  const total = path.steps.length;
  const guided = path.calls !== null;
  const strongest = guided ? total : total - 1;
  return {
    template: "start-near-goal",
    settings: {
      steps: path.steps,
      finish: path.finish,
      calls: path.calls,
      source: path.source,
      freeTools: [...roles.named("information"), ...roles.named("verification")],
    },
    knob: { name: "assist", neutral: 0, strongest, integer: false, harderWhen: "smaller" },
    // A policy far below the band starts at the most help; the search then takes it back.
    // Below scaffold-prefix (1.5): a scaffold keeps the policy's own start and is tried first.
    initial: strongest,
    priority: 1.4,
    reason: `a successful ${path.source === "policy" ? "episode of the policy" : "demonstration of the env's demonstrator"} reaches the goal in ${total} steps before finishing; starting the episode after all but the last few of them (reverse curriculum)${guided ? ", and at the most help refusing calls off that path," : ""} leaves the policy a short, solvable remainder`,
  };
}

/**
 * `start-near-goal` (easier; reverse curriculum): a Setup replays a prefix of a successful
 * path — the policy's own shortest success, else the env demonstrator's — so the episode
 * starts near the goal. The knob `assist` a runs from 0 (nothing replayed) to n − 1 (one of
 * the path's n steps left to the policy), fractional between integers; past n − 1, up to
 * n, the calls off the path are refused in a fraction a − (n − 1) of episodes as well.
 * The Setup never replays the last step, so it never pre-solves (the sandbox's rule stays).
 */
export const startNearGoalTemplate: HarnessTemplate = {
  id: "start-near-goal",
  summary: "start the episode a few steps before the goal, on a successful path (reverse curriculum)",
  plan,
  build(settings: JsonObject, magnitude: number): CandidateLayer[] {
    return layers(parseWith(settingsSchema, settings, "start-near-goal settings"), magnitude);
  },
};
