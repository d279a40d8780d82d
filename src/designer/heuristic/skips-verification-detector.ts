import { outcomeComparison, percent } from "./episode-split.js";
import { defineBehaviourDetector } from "./define-behaviour-detector.js";
import { firstFinishIndex, isVerification } from "../../analysis/trajectory-calls.js";

/**
 * `skips-verification`: the policy tries to finish (a finishing tool such as submit) before
 * any verification tool (test, check, verify) ran in the episode. Applies to envs that
 * have a verification tool.
 */
export const skipsVerificationDetector = defineBehaviourDetector({
  id: "skips-verification",
  summary: "finishes without running a verification tool",
  patterns: [
    /\b(without|skips?|skipping|never|no|before|not|untested|unverified)\b/,
    /\b(test\w*|verif\w*|check\w*|validat\w*)\b/,
  ],
  minimumRate: 0.1,
  applies: (roles) => roles.named("verification").length > 0,
  showsCalls(calls) {
    const finish = firstFinishIndex(calls);
    return finish >= 0 && !calls.slice(0, finish).some(isVerification);
  },
  evidence: (split, input) =>
    `tried to finish (${input.roles.named("finishing").join("/") || "finishing tool"}) without running a verification tool (${input.roles.named("verification").join("/")}) in ${split.showing}/${split.episodes} episodes (${percent(split.rate)}); ${outcomeComparison(split)}`,
});
