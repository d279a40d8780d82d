import type { JsonObject } from "../../core/json.js";
import { isSuccess } from "../../rollout/summarize.js";
import type { CandidateLayer } from "../candidate.js";
import type { DesignContext } from "../designer.js";
import { bandMiddle } from "./baseline-distance.js";
import type { HarnessTemplate, TemplateInput, TemplatePlan } from "./harness-template.js";
import { matchWeakness } from "./match-weakness.js";
import { runsOutOfBudgetDetector } from "./runs-out-of-budget-detector.js";
import { episodeInteger, roundMagnitude } from "./rules-snippets.js";

function source(maxTurns: number): string {
  const whole = Number.isInteger(maxTurns);
  const what = whole
    ? `after ${maxTurns} turn(s)`
    : `after ${Math.ceil(maxTurns)} turns in ${roundMagnitude((maxTurns - Math.floor(maxTurns)) * 100)}% of episodes, after ${Math.floor(maxTurns)} in the rest`;
  return `// A tighter turn budget: the episode is cut ${what}.
export default defineRules({
  modifyTransition(action, transition, context) {
    ${episodeInteger("limit", "longerLimit", maxTurns)}
    if (context.turn + 1 < limit || transition.terminated || transition.truncated) return undefined;
    return { truncated: true, text: transition.observation.text + "\\n[turn limit of " + limit + " reached: the episode is over]" };
  },
});
`;
}

/** The longest baseline episode (turns). */
function longestEpisode(context: DesignContext): number {
  return Math.max(0, ...context.baseline.trajectories.map((trajectory) => trajectory.steps.length));
}

/**
 * The first limit to try. The estimated success at limit L is the share of baseline
 * episodes that succeeded within L turns; between two integers a fractional limit mixes
 * them per episode, so the estimate is linear there. Where the band's middle lies between
 * the estimates at L and L + 1 (the mildest such L), the limit is the fractional point on
 * that line — a policy whose episodes all take the same number of turns gets a limit that
 * cuts just the share of episodes the band asks for. Otherwise, the integer limit whose
 * estimate is closest to the middle.
 */
export function estimateLimit(context: DesignContext, longest: number): number {
  const trajectories = context.baseline.trajectories;
  const middle = bandMiddle(context);
  const estimate = (limit: number) =>
    trajectories.filter((trajectory) => isSuccess(trajectory) && trajectory.steps.length <= limit).length /
    Math.max(1, trajectories.length);
  for (let limit = longest - 1; limit >= 1; limit--) {
    const [below, above] = [estimate(limit), estimate(limit + 1)];
    if (below <= middle && middle < above) return limit + (middle - below) / (above - below);
  }
  let best = longest - 1;
  let bestGap = Infinity;
  for (let limit = longest - 1; limit >= 1; limit--) {
    const gap = Math.abs(estimate(limit) - middle);
    if (gap < bestGap) [best, bestGap] = [limit, gap];
  }
  return best;
}

function targetsBudget(context: DesignContext): boolean {
  try {
    return (
      context.target.weakness !== undefined && matchWeakness(context.target.weakness).id === runsOutOfBudgetDetector.id
    );
  } catch {
    return false;
  }
}

function plan({ context, diagnosis }: TemplateInput): TemplatePlan | null {
  const longest = longestEpisode(context);
  if (longest <= 1) return null;
  const knob = {
    name: "maxTurns",
    neutral: longest,
    strongest: 1,
    integer: true,
    fractional: true,
    harderWhen: "smaller" as const,
  };
  if (diagnosis.direction === "target-weakness") {
    if (!targetsBudget(context)) return null;
    return {
      template: "turn-limit",
      settings: {},
      knob,
      initial: longest - 1,
      priority: 3,
      reason: `the target weakness is runs-out-of-budget: a budget of ${longest - 1} turns (the longest baseline episode took ${longest}) makes slow episodes fail`,
    };
  }
  if (diagnosis.direction !== "harder") return null;
  const budget = diagnosis.weaknesses.find((entry) => entry.id === runsOutOfBudgetDetector.id);
  return {
    template: "turn-limit",
    settings: {},
    knob,
    initial: estimateLimit(context, longest),
    priority: budget ? 0.9 + budget.severity : 0.45,
    reason: `successful baseline episodes take between ${Math.min(...context.baseline.trajectories.filter(isSuccess).map((trajectory) => trajectory.steps.length), longest)} and ${longest} turns; a tighter budget cuts the slow ones${budget ? ` (${budget.evidence})` : ""}`,
  };
}

/**
 * `turn-limit`: a tighter turn budget — after `maxTurns` turns a non-final transition is
 * marked truncated (with a visible notice). A fractional `maxTurns` mixes its two
 * neighbouring limits per episode (see `TemplateKnob.fractional`), so the one-turn cliff of
 * a fixed plan becomes a rate the search can aim into. The first limit is the one whose estimated
 * success (baseline successes that finished within it) is closest to the band's middle.
 */
export const turnLimitTemplate: HarnessTemplate = {
  id: "turn-limit",
  summary: "cut the episode after fewer turns than the env allows",
  plan,
  build(_settings: JsonObject, magnitude: number): CandidateLayer[] {
    return [{ kind: "rules", name: "turn-limit", source: source(Math.max(1, roundMagnitude(magnitude))) }];
  },
};
