import { z } from "zod";
import type { JsonObject } from "../../core/json.js";
import type { Trajectory } from "../../core/trajectory.js";
import { parseWith } from "../../core/validate.js";
import type { CandidateLayer } from "../candidate.js";
import { strictEnforcementProbability, strictEnforcementReach } from "./strict-enforcement-probability.js";
import type { HarnessTemplate, TemplateInput, TemplatePlan } from "./harness-template.js";
import { matchWeakness } from "./match-weakness.js";
import { repeatsActionsDetector } from "./repeats-actions-detector.js";
import { episodeSwitch, literal, roundMagnitude } from "./rules-snippets.js";

const settingsSchema = z.object({
  /** `void`: a repeat is refused and voids the attempt (every later call refused); `note`: it runs, and its result carries a note. */
  mode: z.enum(["void", "note"]),
});
type Settings = z.infer<typeof settingsSchema>;

const note =
  "[note: this call repeats the previous one exactly; its result has not changed since — try a different step]";

function voidSource(probability: number): string {
  return `// A repeated identical call voids the attempt (in ${roundMagnitude(probability * 100)}% of episodes).
export default defineRules({
  filterAction(action, context) {
    ${episodeSwitch("enforced", probability)}
    if (context.memory.attemptOver === true) return { block: "the attempt is void (a call was repeated); no further calls are accepted." };
    const key = JSON.stringify([action.name, action.args]);
    const repeated = context.memory.lastCall === key;
    context.memory.lastCall = key;
    if (!repeated || context.memory.enforced !== true) return undefined;
    context.memory.attemptOver = true;
    return { block: "refused: this call repeats the previous one exactly. Repeating a call voids the attempt; no further calls are accepted." };
  },
});
`;
}

function noteSource(probability: number): string {
  return `// A repeated identical call runs, and its result carries a note (in ${roundMagnitude(probability * 100)}% of episodes).
export default defineRules({
  modifyTransition(action, transition, context) {
    ${episodeSwitch("enforced", probability)}
    const key = JSON.stringify([action.name, action.args]);
    const repeated = context.memory.lastCall === key;
    context.memory.lastCall = key;
    if (!repeated || context.memory.enforced !== true) return undefined;
    return { text: transition.observation.text + ${literal(`\n${note}`)} };
  },
});
`;
}

function source(settings: Settings, probability: number): string {
  return settings.mode === "void" ? voidSource(probability) : noteSource(probability);
}

function plan({ context, diagnosis }: TemplateInput): TemplatePlan | null {
  const knob = {
    name: "probability",
    neutral: 0,
    strongest: 1,
    integer: false,
    harderWhen: "larger" as const,
    mixture: true,
    switch: "enforced",
  };
  if (diagnosis.direction === "target-weakness") {
    let id: string | null = null;
    try {
      id = context.target.weakness ? matchWeakness(context.target.weakness).id : null;
    } catch {
      id = null;
    }
    if (id !== repeatsActionsDetector.id) return null;
    return {
      template: "block-repeat",
      settings: { mode: "void" },
      knob,
      initial: 1,
      priority: 3,
      reason:
        "the target weakness is repeats-actions: a repeated identical call voids the attempt, so episodes showing it fail",
    };
  }
  const weakness = diagnosis.weaknesses.find((entry) => entry.id === repeatsActionsDetector.id);
  if (!weakness) return null;
  if (diagnosis.direction === "easier") {
    return {
      template: "block-repeat",
      settings: { mode: "note" },
      knob: { ...knob, harderWhen: "smaller" },
      initial: 1,
      priority: 0.8 + 0.5 * weakness.severity,
      reason: `the policy repeats calls (${weakness.evidence}); a note on each repeated result tells it nothing changed`,
    };
  }
  const shows = (trajectory: Trajectory) => repeatsActionsDetector.shows(trajectory, context.tools);
  const initial = strictEnforcementProbability(context, shows);
  if (initial === null) return null;
  // Short of the band even when every repeat voids its episode: ranked below the plans that can reach it.
  const reach = strictEnforcementReach(context, shows);
  return {
    template: "block-repeat",
    settings: { mode: "void" },
    knob,
    initial,
    priority: reach < 1 ? reach : 2 + weakness.severity,
    reason: `precondition on the weakness repeats-actions (${weakness.evidence}): in a fraction of episodes a repeated identical call voids the attempt${reach < 1 ? ` (alone it can make ${Math.round(reach * 100)}% of the drop to the band: the repeating episodes that succeed are few)` : ""}`,
  };
}

/**
 * `block-repeat`: act on a call identical to the previous one (same tool, same arguments),
 * in a fraction `probability` of episodes (decided once per episode with `context.random()`).
 * Mode `void` (harder, weakness target): the repeat is refused and voids the attempt —
 * every later call is refused. Mode `note` (easier): the repeat runs and its result
 * carries a note that nothing changed.
 */
export const blockRepeatTemplate: HarnessTemplate = {
  id: "block-repeat",
  summary: "refuse an identical consecutive call and void the attempt, or annotate it with feedback",
  plan,
  build(settings: JsonObject, magnitude: number): CandidateLayer[] {
    const parsed = parseWith(settingsSchema, settings, "block-repeat settings");
    return [{ kind: "rules", name: "block-repeat", source: source(parsed, roundMagnitude(magnitude)) }];
  },
};
