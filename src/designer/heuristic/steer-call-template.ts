import { z } from "zod";
import { actionSchema, formatAction } from "../../core/action.js";
import type { JsonObject } from "../../core/json.js";
import { parseWith } from "../../core/validate.js";
import type { CandidateLayer } from "../candidate.js";
import type { DesignContext } from "../designer.js";
import { bandMiddle } from "./baseline-distance.js";
import { exploreCallTemplate, REWRITE_RETRIES } from "./explore-call-template.js";
import { exploredOpenings } from "./explored-openings.js";
import type { HarnessTemplate, TemplateInput, TemplatePlan } from "./harness-template.js";
import { refusedShortcutCalls } from "./reward-shortcut-guard.js";
import { rewriteFirstCallRules } from "./rewrite-first-call-rules.js";

const settingsSchema = z.object({ tool: z.string().min(1), call: actionSchema });

function plan({ context, diagnosis }: TemplateInput): TemplatePlan | null {
  if (diagnosis.direction !== "easier" || context.baseline.stats.successes > 0) return null;
  const opening = exploredOpenings(context, exploreCallTemplate.id, true)[0];
  if (!opening) return null;
  return {
    template: "steer-call",
    settings: { tool: opening.call.name, call: opening.call },
    knob: { name: "probability", neutral: 0, strongest: 1, integer: false, harderWhen: "smaller", mixture: true },
    // Assume the steered opening succeeds every time: its share of episodes is then the success rate.
    initial: bandMiddle(context),
    priority: 0.25,
    reason: `while exploring, ${opening.episodes} kept validation episode(s) that opened with ${formatAction(opening.call)} succeeded, where the baseline never did; steering the policy's first ${opening.call.name} there in a fraction of episodes gives it that start`,
  };
}

/**
 * `steer-call` (easier, after `explore-call`): in a fraction `probability` of episodes,
 * the policy's first accepted call of a tool is replaced by the call that opened
 * successful explored episodes (read from the validation episodes kept with
 * `explore-call`'s attempts) — the scaffold a policy that
 * never succeeds could not show in its baseline. With a policy that finishes that opening
 * reliably, the success rate is about p.
 */
export const steerCallTemplate: HarnessTemplate = {
  id: "steer-call",
  summary:
    "replace the policy's first move with the opening of successful explored episodes, in a fraction of episodes",
  plan,
  build(settings: JsonObject, magnitude: number, context: DesignContext): CandidateLayer[] {
    const parsed = parseWith(settingsSchema, settings, "steer-call settings");
    return [
      {
        kind: "rules",
        name: "steer-call",
        source: rewriteFirstCallRules(
          parsed.tool,
          { call: parsed.call },
          magnitude,
          REWRITE_RETRIES,
          refusedShortcutCalls(context),
        ),
      },
    ];
  },
};
