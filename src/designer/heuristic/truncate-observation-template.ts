import { z } from "zod";
import type { JsonObject } from "../../core/json.js";
import { parseWith } from "../../core/validate.js";
import type { CandidateLayer } from "../candidate.js";
import type { HarnessTemplate, TemplateInput, TemplatePlan } from "./harness-template.js";
import { mostUsedTool } from "./most-used-tool.js";
import { outputUse } from "./output-use.js";
import type { DesignContext } from "../designer.js";
import { literal } from "./rules-snippets.js";

const settingsSchema = z.object({ tool: z.string().min(1) });

function source(tool: string, keepLines: number): string {
  return `// Keep only the first ${keepLines} line(s) of the output of ${tool}.
export default defineRules({
  modifyTransition(action, transition, context) {
    if (action.name !== ${literal(tool)}) return undefined;
    const lines = transition.observation.text.split("\\n");
    if (lines.length <= ${keepLines}) return undefined;
    return { text: lines.slice(0, ${keepLines}).join("\\n") + "\\n[… " + (lines.length - ${keepLines}) + " more line(s) cut]" };
  },
});
`;
}

/** The texts the policy saw after calling `tool` in the baseline. */
function outputsOf(context: DesignContext, tool: string): string[] {
  return context.baseline.trajectories.flatMap((trajectory) =>
    trajectory.steps
      .filter((step) => step.parsedAction?.name === tool && step.envAction !== null)
      .map((step) => step.observation.text),
  );
}

function plan({ context, diagnosis, roles }: TemplateInput): TemplatePlan | null {
  if (diagnosis.direction !== "harder") return null;
  const tool = mostUsedTool(context, roles, "information");
  // Cutting answers the policy is seen to ignore would spend a revision on nothing.
  if (!tool || outputUse(context, tool.name).verdict === "ignores") return null;
  const longest = Math.max(0, ...outputsOf(context, tool.name).map((text) => text.split("\n").length));
  if (longest < 2) return null;
  return {
    template: "truncate-observation",
    settings: { tool: tool.name },
    knob: { name: "keepLines", neutral: longest, strongest: 1, integer: true, harderWhen: "smaller" },
    initial: Math.max(1, Math.ceil(longest / 2)),
    priority: 0.5,
    reason: `the policy relies on ${tool.name} (${tool.calls} calls), whose outputs run to ${longest} lines; cutting them short hides part of what it reads`,
  };
}

/**
 * `truncate-observation`: keep only the first `keepLines` lines of the output of the
 * information tool the policy relies on, with a visible marker of how much was cut (an
 * integer knob, from the longest baseline output down to one line).
 */
export const truncateObservationTemplate: HarnessTemplate = {
  id: "truncate-observation",
  summary: "keep only the first lines of the output of the information tool the policy relies on",
  plan,
  build(settings: JsonObject, magnitude: number): CandidateLayer[] {
    const parsed = parseWith(settingsSchema, settings, "truncate-observation settings");
    return [
      { kind: "rules", name: "truncate-observation", source: source(parsed.tool, Math.max(1, Math.round(magnitude))) },
    ];
  },
};
