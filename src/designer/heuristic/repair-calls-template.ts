import { z } from "zod";
import type { JsonObject } from "../../core/json.js";
import type { ToolSpec } from "../../core/tool-spec.js";
import { parseWith } from "../../core/validate.js";
import type { CandidateLayer } from "../candidate.js";
import type { DesignContext } from "../designer.js";
import type { HarnessTemplate, TemplateInput, TemplatePlan } from "./harness-template.js";
import { episodeSwitch, literal, roundMagnitude } from "./rules-snippets.js";
import { switchKnob } from "./switch-knob.js";

const settingsSchema = z.object({
  /** Misspelt tool names seen refused in the baseline → the declared tool they meant. */
  renames: z.record(z.string(), z.string()),
  /** Each declared tool's argument names (JSON Schema properties). */
  argumentNames: z.record(z.string(), z.array(z.string())),
});
type Settings = z.infer<typeof settingsSchema>;

/** Edit distance of two short strings (insertions, deletions, substitutions). */
function editDistance(left: string, right: string): number {
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row++) {
    const current = [row];
    for (let column = 1; column <= right.length; column++) {
      const substitution = previous[column - 1]! + (left[row - 1] === right[column - 1] ? 0 : 1);
      current.push(Math.min(previous[column]! + 1, current[column - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[right.length]!;
}

/** Refused tool names of the baseline mapped to the nearest declared tool (distance ≤ 2, or one contains the other). */
function renamesFrom(context: DesignContext): Record<string, string> {
  const declared = context.tools.map((tool) => tool.name);
  const renames: Record<string, string> = {};
  for (const step of context.baseline.trajectories.flatMap((trajectory) => trajectory.steps)) {
    const name = step.parsedAction?.name;
    const refused = step.info.actionError !== undefined && step.info.actionError !== null && step.envAction !== null;
    if (!refused || name === undefined || declared.includes(name) || name in renames) continue;
    const nearest = declared
      .map((tool) => ({ tool, distance: editDistance(name.toLowerCase(), tool.toLowerCase()) }))
      .sort((left, right) => left.distance - right.distance)[0];
    const related =
      nearest &&
      (nearest.distance <= 2 ||
        name.toLowerCase().includes(nearest.tool.toLowerCase()) ||
        nearest.tool.toLowerCase().includes(name.toLowerCase()));
    if (nearest && related) renames[name] = nearest.tool;
  }
  return renames;
}

function argumentNamesOf(tools: readonly ToolSpec[]): Record<string, string[]> {
  return Object.fromEntries(
    tools.map((tool) => [tool.name, Object.keys((tool.inputSchema.properties ?? {}) as JsonObject)]),
  );
}

function source(settings: Settings, probability: number): string {
  return `// Repair calls (in ${roundMagnitude(probability * 100)}% of episodes): misspelt tool names seen in the baseline, and arguments the tool does not take.
export default defineRules({
  filterAction(action, context) {
    ${episodeSwitch("repairing", probability)}
    if (context.memory.repairing !== true) return undefined;
    const renames: { [name: string]: string } = ${literal(settings.renames)};
    const argumentNames: { [name: string]: string[] } = ${literal(settings.argumentNames)};
    const name = renames[action.name] ?? action.name;
    const allowed = argumentNames[name];
    if (allowed === undefined) return undefined;
    const args: { [key: string]: Json } = {};
    for (const key of Object.keys(action.args)) if (allowed.includes(key)) args[key] = action.args[key]!;
    if (name === action.name && Object.keys(args).length === Object.keys(action.args).length) return undefined;
    return { name, args };
  },
});
`;
}

function plan({ context, diagnosis }: TemplateInput): TemplatePlan | null {
  if (diagnosis.direction !== "easier") return null;
  const weakness = diagnosis.weaknesses.find((entry) => entry.id === "invalid-calls");
  if (!weakness) return null;
  const renames = renamesFrom(context);
  const argumentNames = argumentNamesOf(context.tools);
  const strayArguments = context.baseline.trajectories.some((trajectory) =>
    trajectory.steps.some(
      (step) =>
        step.parsedAction &&
        Object.keys(step.parsedAction.args).some(
          (key) => !(argumentNames[step.parsedAction!.name] ?? []).includes(key),
        ),
    ),
  );
  if (Object.keys(renames).length === 0 && !strayArguments) return null;
  return {
    template: "repair-calls",
    settings: { renames, argumentNames },
    knob: switchKnob("repairing", "smaller"),
    initial: 1,
    priority: 1.4 + weakness.severity,
    reason: `the policy's calls are refused (${weakness.evidence}); repairing them — ${
      Object.keys(renames).length > 0
        ? `renaming ${Object.entries(renames)
            .map(([from, to]) => `${from} → ${to}`)
            .join(", ")}, `
        : ""
    }dropping arguments a tool does not take — unblocks it`,
  };
}

/**
 * `repair-calls` (easier, unblock): in a fraction `probability` of episodes, rewrite calls
 * the env would refuse — a misspelt tool name seen refused in the baseline becomes the
 * declared tool it is nearest to, and arguments the tool's schema does not declare are
 * dropped. Applies when the policy makes invalid calls.
 */
export const repairCallsTemplate: HarnessTemplate = {
  id: "repair-calls",
  summary: "rewrite refused calls: misspelt tool names seen in the baseline, undeclared arguments",
  plan,
  build(settings: JsonObject, magnitude: number): CandidateLayer[] {
    const parsed = parseWith(settingsSchema, settings, "repair-calls settings");
    return [{ kind: "rules", name: "repair-calls", source: source(parsed, roundMagnitude(magnitude)) }];
  },
};
