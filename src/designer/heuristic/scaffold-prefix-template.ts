import { z } from "zod";
import { actionSchema, formatAction, type Action } from "../../core/action.js";
import type { JsonObject } from "../../core/json.js";
import { parseWith } from "../../core/validate.js";
import { isSuccess } from "../../rollout/summarize.js";
import type { CandidateLayer } from "../candidate.js";
import { commonPrefix } from "./common-prefix.js";
import type { HarnessTemplate, TemplateInput, TemplatePlan } from "./harness-template.js";
import { resetObservationRules } from "./reset-observation-rules.js";
import { roundMagnitude } from "./rules-snippets.js";

const settingsSchema = z.object({ actions: z.array(actionSchema).min(1), instruction: z.string() });

/**
 * The layers of a scaffold of `strength` s: a Setup replaying the first ⌈s⌉ prefix
 * actions; when s is not whole, a Rules layer hides the replay's start observation (shows
 * the instruction instead) in the fraction ⌈s⌉ − s of episodes, so s moves smoothly.
 */
function layers(actions: Action[], instruction: string, strength: number): CandidateLayer[] {
  const count = Math.min(actions.length, Math.max(1, Math.ceil(strength - 1e-9)));
  const coverage = Math.min(1, strength - (count - 1));
  const setup: CandidateLayer = { kind: "setup", actions: actions.slice(0, count) };
  if (coverage >= 0.999) return [setup];
  return [
    setup,
    {
      kind: "rules",
      name: "scaffold-coverage",
      source: resetObservationRules(instruction, roundMagnitude(1 - coverage)),
    },
  ];
}

function plan({ context, diagnosis, roles }: TemplateInput): TemplatePlan | null {
  if (diagnosis.direction !== "easier") return null;
  const successes = context.baseline.trajectories.filter(isSuccess);
  if (successes.length === 0) return null;
  const prefix = commonPrefix(successes, roles);
  if (prefix.length === 0) return null;
  // Up to strength 1 the Setup replays the first action and shows its result in a fraction s of
  // episodes: when that action only reads (or checks), the other episodes start as the baseline
  // does, and the success is a mixture, linear in s.
  const firstRole = roles.roleOf(prefix[0]!.name);
  const readsFirst = firstRole === "information" || firstRole === "verification";
  return {
    template: "scaffold-prefix",
    settings: { actions: prefix, instruction: context.instruction },
    knob: {
      name: "strength",
      neutral: 0,
      strongest: prefix.length,
      integer: false,
      harderWhen: "smaller",
      ...(readsFirst ? { mixture: true, mixtureLimit: 1 } : {}),
    },
    initial: 1,
    priority: 1.5,
    reason: `${successes.length} successful baseline episodes share the prefix ${prefix.map(formatAction).join(" → ")}; replaying it as the start state saves the policy those turns`,
  };
}

/**
 * `scaffold-prefix`: a Setup that replays the prefix most successful baseline episodes
 * share (up to their first state-changing call), so the policy starts further along. The
 * knob `strength` s replays ⌈s⌉ actions; its fractional part shows the replay's start
 * observation in only that fraction of episodes (the others see the instruction), a smooth
 * scaffold — up to strength 1 a mixture with the baseline when the prefix starts with a
 * read, so revisions interpolate there.
 */
export const scaffoldPrefixTemplate: HarnessTemplate = {
  id: "scaffold-prefix",
  summary: "start the episode after the prefix successful baseline episodes share",
  plan,
  build(settings: JsonObject, magnitude: number): CandidateLayer[] {
    const parsed = parseWith(settingsSchema, settings, "scaffold-prefix settings");
    return layers(parsed.actions, parsed.instruction, magnitude);
  },
};
