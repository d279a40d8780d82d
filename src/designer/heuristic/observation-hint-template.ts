import { z } from "zod";
import { formatAction } from "../../core/action.js";
import type { JsonObject } from "../../core/json.js";
import { parseWith } from "../../core/validate.js";
import { isSuccess } from "../../rollout/summarize.js";
import type { CandidateLayer } from "../candidate.js";
import type { DesignContext } from "../designer.js";
import { effectiveActions } from "./effective-actions.js";
import type { HarnessTemplate, TemplateInput, TemplatePlan } from "./harness-template.js";
import { mostUsedTool } from "./most-used-tool.js";
import { failureMarkerSource } from "../../analysis/shows-failure.js";
import { episodeSwitch, literal, roundMagnitude } from "./rules-snippets.js";
import type { ToolRoles } from "../../analysis/tool-roles.js";
import { switchKnob } from "./switch-knob.js";

const settingsSchema = z.object({
  verificationTools: z.array(z.string()),
  /** The information tool to annotate, with the step successful episodes took next. */
  informationTool: z.string().nullable(),
  nextStep: z.string().nullable(),
});
type Settings = z.infer<typeof settingsSchema>;

function source(settings: Settings, probability: number): string {
  const afterInformation =
    settings.informationTool && settings.nextStep
      ? `\n    if (action.name === ${literal(settings.informationTool)}) return { text: transition.observation.text + ${literal(`\n[hint: after ${settings.informationTool}, successful attempts continued with ${settings.nextStep}]`)} };`
      : "";
  return `// Hints (in ${roundMagnitude(probability * 100)}% of episodes): after a failing check, and after ${settings.informationTool ?? "no information tool"}.
export default defineRules({
  modifyTransition(action, transition, context) {
    ${episodeSwitch("hinted", probability)}
    if (context.memory.hinted !== true) return undefined;
    const verification: string[] = ${literal(settings.verificationTools)};
    if (verification.includes(action.name) && /${failureMarkerSource}/i.test(transition.observation.text)) {
      return { text: transition.observation.text + ${literal("\n[hint: this check failed; finishing now would fail too — change something and check again]")} };
    }${afterInformation}
    return undefined;
  },
});
`;
}

/** The step successful baseline episodes most often took right after `tool`. */
function nextStepAfter(context: DesignContext, roles: ToolRoles, tool: string): string | null {
  const counts = new Map<string, number>();
  for (const trajectory of context.baseline.trajectories.filter(isSuccess)) {
    const actions = effectiveActions(trajectory, roles);
    const index = actions.findIndex((entry) => entry.action.name === tool);
    const next = index >= 0 ? actions[index + 1] : undefined;
    if (next) counts.set(formatAction(next.action), (counts.get(formatAction(next.action)) ?? 0) + 1);
  }
  return [...counts.entries()].sort((left, right) => right[1] - left[1])[0]?.[0] ?? null;
}

function plan({ context, diagnosis, roles }: TemplateInput): TemplatePlan | null {
  if (diagnosis.direction !== "easier") return null;
  const verificationTools = roles.named("verification");
  const information = mostUsedTool(context, roles, "information");
  const nextStep = information ? nextStepAfter(context, roles, information.name) : null;
  if (verificationTools.length === 0 && nextStep === null) return null;
  return {
    template: "observation-hint",
    settings: { verificationTools, informationTool: information?.name ?? null, nextStep },
    knob: switchKnob("hinted", "smaller"),
    initial: 1,
    priority: 0.5,
    reason: `hints in the observations: a warning after a failing ${verificationTools.join("/") || "check"}${nextStep ? `, and after ${information!.name} the step successful episodes took next (${nextStep})` : ""}`,
  };
}

/**
 * `observation-hint` (easier): in a fraction `probability` of episodes, append hints to
 * observations — after a verification output that shows failures, a warning not to finish
 * yet; after the information tool the policy relies on, the step successful baseline
 * episodes most often took next.
 */
export const observationHintTemplate: HarnessTemplate = {
  id: "observation-hint",
  summary: "append hints to observations: a warning after failing checks, the next step successful episodes took",
  plan,
  build(settings: JsonObject, magnitude: number): CandidateLayer[] {
    const parsed = parseWith(settingsSchema, settings, "observation-hint settings");
    return [{ kind: "rules", name: "observation-hint", source: source(parsed, roundMagnitude(magnitude)) }];
  },
};
