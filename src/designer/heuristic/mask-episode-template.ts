import type { JsonObject } from "../../core/json.js";
import type { CandidateLayer } from "../candidate.js";
import { bandMiddle } from "./baseline-distance.js";
import type { HarnessTemplate, TemplateInput, TemplatePlan } from "./harness-template.js";
import { episodeSwitch, literal, roundMagnitude } from "./rules-snippets.js";
import { switchKnob } from "./switch-knob.js";

function source(probability: number): string {
  const notice = literal("[the observation is unavailable in this episode]");
  return `// Hide every observation (text and data), the first one included, in ${roundMagnitude(probability * 100)}% of episodes.
export default defineRules({
  filterObservation(observation, context) {
    ${episodeSwitch("blind", probability)}
    if (context.memory.blind !== true) return undefined;
    return observation.data === undefined ? { text: ${notice} } : { text: ${notice}, data: {} };
  },
});
`;
}

function plan({ context, diagnosis }: TemplateInput): TemplatePlan | null {
  if (diagnosis.direction !== "harder") return null;
  const success = context.baseline.stats.successRate;
  if (success <= 0) return null;
  // Blind episodes are assumed to fail: success ≈ (1 − p)·s₀, aimed at the band's middle.
  const initial = Math.min(0.9, Math.max(0.1, (success - bandMiddle(context)) / success));
  // Successes in one move read nothing but the start observation: masking later answers cannot touch them.
  const successes = context.baseline.trajectories.filter((trajectory) => trajectory.evaluation?.success === true);
  const oneMove = successes.filter((trajectory) => trajectory.steps.length <= 1).length / Math.max(1, successes.length);
  return {
    template: "mask-episode",
    settings: {},
    knob: switchKnob("blind", "larger"),
    initial,
    // First when most successes took one move (before `mask-observation`, priority 1); a fallback otherwise.
    priority: oneMove >= 0.5 ? 1.2 : 0.22,
    reason: `${Math.round(oneMove * 100)}% of the baseline's successes took a single move, read off the start observation before any tool answered: hiding every observation, the first included, in a fraction of episodes makes the policy act blind there`,
  };
}

/**
 * `mask-episode`: in a fraction `probability` of episodes (decided once, at reset) every
 * observation — the start observation included — is replaced by an "unavailable" notice,
 * text and data alike. It generalises `mask-observation` to envs whose policy reads the
 * state from the observation every step carries, not from a tool's answer (a web page, a
 * board), and can solve a task from the first observation without calling anything that
 * shows more: success ≈ (1 − p)·s₀ + p·s_blind. Tried first when most baseline successes
 * took a single move (masking later answers cannot reach them), last otherwise.
 */
export const maskEpisodeTemplate: HarnessTemplate = {
  id: "mask-episode",
  summary: "hide every observation, the first one included, in a fraction of episodes",
  plan,
  build(_settings: JsonObject, magnitude: number): CandidateLayer[] {
    return [{ kind: "rules", name: "mask-episode", source: source(roundMagnitude(magnitude)) }];
  },
};
