import { z } from "zod";
import type { JsonObject } from "../../core/json.js";
import { parseWith } from "../../core/validate.js";
import type { CandidateLayer } from "../candidate.js";
import type { Weakness } from "../designer.js";
import { strictEnforcementProbability } from "./strict-enforcement-probability.js";
import type { HarnessTemplate, TemplateInput, TemplatePlan } from "./harness-template.js";
import { matchWeakness } from "./match-weakness.js";
import { failureMarkerSource } from "../../analysis/shows-failure.js";
import { episodeSwitch, literal, roundMagnitude } from "./rules-snippets.js";
import { weaknessDetectors } from "./weakness-detectors.js";

const settingsSchema = z.object({
  finishingTools: z.array(z.string()).min(1),
  verificationTools: z.array(z.string()).min(1),
  /** A premature finish voids the attempt: every later call is refused. */
  strict: z.boolean(),
  /** The latest verification must show no failure markers, not merely have run. */
  requirePassing: z.boolean(),
});
type Settings = z.infer<typeof settingsSchema>;

const verificationWeaknesses = ["skips-verification", "gives-up-early", "ignores-failed-verification"];

function source(settings: Settings, probability: number): string {
  const finish = settings.finishingTools.join("/");
  const verify = settings.verificationTools.join("/");
  const requirement = settings.requirePassing ? `a ${verify} run that passes` : `a ${verify} run`;
  const refusal = settings.strict
    ? `pre-${finish} hook 'verify' failed: ${finish} came before ${requirement}. This attempt is void; no further calls are accepted.`
    : `pre-${finish} hook 'verify' failed: ${finish} needs ${requirement} first. Run ${verify} before calling ${finish}.`;
  const voidCheck = settings.strict
    ? `\n    if (context.memory.attemptOver === true) return { block: ${literal(`the attempt is void (${finish} came before ${requirement}); no further calls are accepted.`)} };`
    : "";
  const voidMark = settings.strict ? "\n      context.memory.attemptOver = true;" : "";
  const verdict = settings.requirePassing ? `!/${failureMarkerSource}/i.test(transition.observation.text)` : "true";
  return `// Precondition: ${finish} is refused until ${requirement}${settings.strict ? `; a premature ${finish} voids the attempt` : ""} (in ${roundMagnitude(probability * 100)}% of episodes).
export default defineRules({
  filterAction(action, context) {
    const finishing: string[] = ${literal(settings.finishingTools)};
    ${episodeSwitch("enforced", probability)}
    if (context.memory.enforced !== true) return undefined;${voidCheck}
    if (finishing.includes(action.name) && context.memory.verified !== true) {${voidMark}
      return { block: ${literal(refusal)} };
    }
    return undefined;
  },
  modifyTransition(action, transition, context) {
    const verification: string[] = ${literal(settings.verificationTools)};
    const refused = transition.info.actionError !== undefined && transition.info.actionError !== null;
    if (verification.includes(action.name) && !refused) context.memory.verified = ${verdict};
    return undefined;
  },
});
`;
}

function strongestVerificationWeakness(weaknesses: readonly Weakness[]): Weakness | undefined {
  return weaknesses
    .filter((weakness) => verificationWeaknesses.includes(weakness.id))
    .sort((left, right) => right.severity - left.severity)[0];
}

function plan({ context, diagnosis, roles }: TemplateInput): TemplatePlan | null {
  const finishingTools = roles.named("finishing");
  const verificationTools = roles.named("verification");
  if (finishingTools.length === 0 || verificationTools.length === 0) return null;
  const base = {
    template: "require-verification",
    knob: { name: "probability", neutral: 0, strongest: 1, integer: false, mixture: true, switch: "enforced" },
  };
  if (diagnosis.direction === "target-weakness") {
    const id = context.target.weakness ? safeMatch(context.target.weakness) : null;
    if (id === null || !verificationWeaknesses.includes(id)) return null;
    const requirePassing = id === "ignores-failed-verification";
    return {
      ...base,
      settings: { finishingTools, verificationTools, strict: true, requirePassing },
      knob: { ...base.knob, harderWhen: "larger" },
      initial: 1,
      priority: 3,
      reason: `the target weakness is ${id}: a ${finishingTools.join("/")} before ${requirePassing ? "a passing" : "any"} ${verificationTools.join("/")} voids the attempt, so episodes showing it fail`,
    };
  }
  const weakness = strongestVerificationWeakness(diagnosis.weaknesses);
  if (!weakness) return null;
  if (diagnosis.direction === "easier") {
    if (!diagnosis.weaknesses.find((entry) => entry.id === "skips-verification")) return null;
    return {
      ...base,
      settings: { finishingTools, verificationTools, strict: false, requirePassing: false },
      knob: { ...base.knob, harderWhen: "smaller" },
      initial: 1,
      priority: 1.5 + weakness.severity,
      reason: `the policy skips verification (${weakness.evidence}); refusing ${finishingTools.join("/")} until ${verificationTools.join("/")} ran, with feedback, makes it check its work`,
    };
  }
  const detector = weaknessDetectors.find((candidate) => candidate.id === weakness.id)!;
  const requirePassing = weakness.id === "ignores-failed-verification";
  const initial = strictEnforcementProbability(context, (trajectory) => detector.shows(trajectory, context.tools));
  if (initial === null) return null;
  return {
    ...base,
    settings: { finishingTools, verificationTools, strict: true, requirePassing },
    knob: { ...base.knob, harderWhen: "larger" },
    initial,
    priority: 2 + weakness.severity,
    reason: `precondition on the weakness ${weakness.id} (${weakness.evidence}): a premature ${finishingTools.join("/")} voids the attempt in a fraction of episodes, removing the successes that relied on luck`,
  };
}

function safeMatch(text: string): string | null {
  try {
    return matchWeakness(text).id;
  } catch {
    return null;
  }
}

/**
 * `require-verification`: refuse the finishing tool until a verification tool ran (or, with
 * `requirePassing`, until the latest verification passed), in a fraction `probability` of
 * episodes decided once per episode with `context.random()`. Strict (harder, weakness target):
 * a premature finish voids the attempt — every later call is refused. Lenient (easier): the
 * refusal is feedback, the policy may verify and finish.
 */
export const requireVerificationTemplate: HarnessTemplate = {
  id: "require-verification",
  summary: "refuse the finishing tool until a verification tool ran (strict: a premature finish voids the attempt)",
  plan,
  build(settings: JsonObject, magnitude: number): CandidateLayer[] {
    const parsed = parseWith(settingsSchema, settings, "require-verification settings");
    return [{ kind: "rules", name: "require-verification", source: source(parsed, roundMagnitude(magnitude)) }];
  },
};
