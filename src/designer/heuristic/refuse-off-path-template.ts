import { z } from "zod";
import { type Action, type ActionInput, actionSchema } from "../../core/action.js";
import type { JsonObject } from "../../core/json.js";
import { parseWith } from "../../core/validate.js";
import type { CandidateLayer } from "../candidate.js";
import { demonstrationPath } from "./demonstration-path.js";
import type { HarnessTemplate, TemplateInput, TemplatePlan } from "./harness-template.js";
import { episodeSwitch, literal, roundMagnitude } from "./rules-snippets.js";

const settingsSchema = z.object({
  /** The successful path's calls, in order, then its finishing call (if it had one). */
  path: z.array(actionSchema).min(1),
  /** Tools that only read or check: never refused, and they do not advance along the path. */
  freeTools: z.array(z.string()),
});
type Settings = z.infer<typeof settingsSchema>;

/** The calls of a path a Rules hook can compare (structured ones), or null when one is text. */
export function structuredPath(calls: readonly ActionInput[]): Action[] | null {
  return calls.some((call) => typeof call === "string") ? null : (calls as Action[]);
}

const REFUSAL = "refused: this call leaves the known path to the goal; try another call";

/** The identity of a call, the same in the host and in the Rules source: its name and its arguments by sorted key. */
export function pathKey(action: Action): string {
  return JSON.stringify([
    action.name,
    Object.keys(action.args)
      .sort()
      .map((name) => [name, action.args[name]]),
  ]);
}

/** The Rules source refusing calls off `settings.path` in a fraction `probability` of episodes. */
export function refuseOffPathSource(settings: Settings, probability: number): string {
  return `// Refuses calls that leave a successful path (in ${roundMagnitude(probability * 100)}% of episodes): at each position only the path's next call is accepted (reading and checking tools always are).
// It counts every call it lets through, a Setup's replay included when it sits under the Setup.
export default defineRules({
  filterAction(action, context) {
    ${episodeSwitch("enforced", probability)}
    const free: string[] = ${literal(settings.freeTools)};
    if (free.includes(action.name)) return undefined;
    const path: string[] = ${literal(settings.path.map(pathKey))};
    const position = typeof context.memory.position === "number" ? context.memory.position : 0;
    const key = JSON.stringify([action.name, Object.keys(action.args).sort().map((name) => [name, action.args[name]])]);
    if (position < path.length && key === path[position]) {
      context.memory.position = position + 1;
      return undefined;
    }
    if (context.memory.enforced !== true) {
      context.memory.position = path.length;
      return undefined;
    }
    const last = typeof context.memory.lastText === "string" ? context.memory.lastText : "";
    return { block: ${literal(REFUSAL)} + "\\n" + last };
  },
  filterObservation(observation, context) {
    // The refusal repeats the latest observation the env gave, so the policy still sees the state.
    if (!observation.text.startsWith(${literal(REFUSAL)})) context.memory.lastText = observation.text;
    return undefined;
  },
});
`;
}

function plan({ context, diagnosis, roles }: TemplateInput): TemplatePlan | null {
  if (diagnosis.direction !== "easier") return null;
  const path = demonstrationPath(context, roles);
  if (!path) return null;
  // Calls the env's grammar did not parse have no structure to compare inside the Rules hook.
  const calls = path.calls;
  if (calls === null) return null;
  const freeTools = [...roles.named("information"), ...roles.named("verification")];
  return {
    template: "refuse-off-path",
    settings: { path: calls, freeTools },
    knob: { name: "probability", neutral: 0, strongest: 1, integer: false, harderWhen: "smaller", mixture: true },
    initial: 1,
    priority: 0.6,
    reason: `a successful ${path.source === "policy" ? "episode of the policy" : "demonstration"} took ${calls.length} calls; refusing every other state-changing call removes the moves no successful trajectory made, so the policy's choice narrows to the path's next step`,
  };
}

/**
 * `refuse-off-path` (easier): a Rules layer that, in a fraction `probability` of episodes,
 * refuses every state-changing call other than the next one of a successful path (the same
 * path `start-near-goal` replays). It sits under any Setup of the candidate, so the Setup's
 * replayed prefix advances it along the path and the policy continues from there.
 */
export const refuseOffPathTemplate: HarnessTemplate = {
  id: "refuse-off-path",
  summary: "refuse the calls no successful trajectory made at that point of its path",
  belowSetup: true,
  plan,
  build(settings: JsonObject, magnitude: number): CandidateLayer[] {
    const parsed = parseWith(settingsSchema, settings, "refuse-off-path settings");
    return [{ kind: "rules", name: "refuse-off-path", source: refuseOffPathSource(parsed, roundMagnitude(magnitude)) }];
  },
};
