import { z } from "zod";
import type { JsonObject } from "../../core/json.js";
import { parseWith } from "../../core/validate.js";
import type { CandidateLayer } from "../candidate.js";
import type { HarnessTemplate, TemplateInput, TemplatePlan } from "./harness-template.js";
import { mostUsedTool } from "./most-used-tool.js";
import { outputUse } from "./output-use.js";
import { literal } from "./rules-snippets.js";
import { ToolRoles } from "../../analysis/tool-roles.js";
import { trajectoryCalls } from "../../analysis/trajectory-calls.js";

const settingsSchema = z.object({ tool: z.string().min(1) });

function source(tool: string, lines: number): string {
  return `// Pad the output of ${tool} with ${lines} line(s) of filler.
export default defineRules({
  modifyTransition(action, transition, context) {
    if (action.name !== ${literal(tool)}) return undefined;
    if (transition.info.actionError !== undefined && transition.info.actionError !== null) return undefined;
    let padding = "";
    for (let index = 1; index <= ${lines}; index++) padding += "\\n" + ${literal(`[${tool} log] entry `)} + index + " of ${lines}: nothing to report";
    return { text: transition.observation.text + padding };
  },
});
`;
}

/** How many calls of `tool` in the baseline repeat the call right before them. */
function repeatedCalls(input: TemplateInput, tool: string): number {
  const roles = new ToolRoles(input.context.tools);
  let repeats = 0;
  for (const trajectory of input.context.baseline.trajectories) {
    const calls = trajectoryCalls(trajectory, roles);
    for (let index = 1; index < calls.length; index++)
      if (calls[index]!.name === tool && calls[index]!.key === calls[index - 1]!.key) repeats += 1;
  }
  return repeats;
}

function plan(input: TemplateInput): TemplatePlan | null {
  if (input.diagnosis.direction !== "harder") return null;
  const tool = mostUsedTool(input.context, input.roles, "information");
  // Padding answers the policy is seen to ignore would spend a revision on nothing.
  if (!tool || outputUse(input.context, tool.name).verdict === "ignores") return null;
  const repeats = repeatedCalls(input, tool.name);
  const share = repeats / tool.calls;
  return {
    template: "pad-observation",
    settings: { tool: tool.name },
    knob: { name: "lines", neutral: 0, strongest: 30, integer: true, harderWhen: "larger" },
    initial: 3,
    priority: 0.4 + share,
    reason:
      repeats > 0
        ? `the policy re-reads ${tool.name} (${repeats} of ${tool.calls} calls repeat the one before): longer outputs of it cost it more`
        : `the policy relies on ${tool.name} (${tool.calls} calls); padding its output makes it longer to read`,
  };
}

/**
 * `pad-observation`: append `lines` lines of filler to the output of the information tool
 * the policy relies on — longer, noisier observations for a policy that struggles to take
 * them in (an integer knob; preferred when the policy re-reads that tool).
 */
export const padObservationTemplate: HarnessTemplate = {
  id: "pad-observation",
  summary: "pad the output of the information tool the policy relies on with filler lines",
  plan,
  build(settings: JsonObject, magnitude: number): CandidateLayer[] {
    const parsed = parseWith(settingsSchema, settings, "pad-observation settings");
    return [
      { kind: "rules", name: "pad-observation", source: source(parsed.tool, Math.max(1, Math.round(magnitude))) },
    ];
  },
};
