import { z } from "zod";
import type { JsonObject } from "../../core/json.js";
import { parseWith } from "../../core/validate.js";
import type { CandidateLayer } from "../candidate.js";
import { bandMiddle } from "./baseline-distance.js";
import type { HarnessTemplate, TemplateInput, TemplatePlan } from "./harness-template.js";
import { distinctOutputs, observedTool } from "./observed-tool.js";
import { episodeSwitch, literal, roundMagnitude } from "./rules-snippets.js";
import { switchKnob } from "./switch-knob.js";

const settingsSchema = z.object({ tool: z.string().min(1) });

function source(tool: string, probability: number): string {
  const notice = literal(`[the output of ${tool} is unavailable in this episode]`);
  return `// Mask the output of ${tool} (its text and its data) in ${roundMagnitude(probability * 100)}% of episodes.
export default defineRules({
  modifyTransition(action, transition, context) {
    ${episodeSwitch("masked", probability)}
    if (context.memory.masked !== true || action.name !== ${literal(tool)}) return undefined;
    if (transition.info.actionError !== undefined && transition.info.actionError !== null) return undefined;
    return transition.observation.data === undefined ? { text: ${notice} } : { text: ${notice}, data: {} };
  },
});
`;
}

function plan({ context, diagnosis, roles }: TemplateInput): TemplatePlan | null {
  if (diagnosis.direction !== "harder") return null;
  const tool = observedTool(context, roles);
  if (!tool) return null;
  const success = context.baseline.stats.successRate;
  // Success falls from s0 towards what the policy manages blind; assume blind ≈ 0 for the first try.
  const initial = success <= 0 ? 0.5 : Math.min(0.9, Math.max(0.1, (success - bandMiddle(context)) / success));
  return {
    template: "mask-observation",
    settings: { tool: tool.name },
    knob: switchKnob("masked", "larger"),
    initial,
    priority: 1,
    reason:
      tool.role === "information"
        ? `the policy relies on ${tool.name} (${tool.calls} calls in the baseline); masking its output in a fraction of episodes makes it act without that information`
        : `the policy calls no information tool: what it reads is the state shown after its moves, ${tool.name} (${tool.calls} calls in the baseline, ${distinctOutputs(context, tool.name)} distinct answers); masking those answers (text and data) in a fraction of episodes makes it act without seeing the state`,
  };
}

/**
 * `mask-observation`: replace the output of the tool the policy reads (its most-called
 * information tool; without one, its most-called move, whose answer shows the new state —
 * see {@link observedTool}) with an "unavailable" notice, text and data alike (a policy
 * may read either), in a fraction `probability` of episodes decided once per episode — a
 * smooth knob for making the env harder: success ≈ (1 − p)·s₀ + p·s_blind.
 */
export const maskObservationTemplate: HarnessTemplate = {
  id: "mask-observation",
  summary: "mask the output (text and data) of the tool the policy reads, in a fraction of episodes",
  plan,
  build(settings: JsonObject, magnitude: number): CandidateLayer[] {
    const parsed = parseWith(settingsSchema, settings, "mask-observation settings");
    return [{ kind: "rules", name: "mask-observation", source: source(parsed.tool, roundMagnitude(magnitude)) }];
  },
};
