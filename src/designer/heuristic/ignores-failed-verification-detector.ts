import { outcomeComparison, percent } from "./episode-split.js";
import { defineBehaviourDetector } from "./define-behaviour-detector.js";
import { showsFailure } from "../../analysis/shows-failure.js";
import { firstFinishIndex, isVerification } from "../../analysis/trajectory-calls.js";

/**
 * `ignores-failed-verification`: the policy tries to finish while the latest verification
 * it ran showed failure markers (fail, error, exception) — it saw the failure and finished
 * anyway.
 */
export const ignoresFailedVerificationDetector = defineBehaviourDetector({
  id: "ignores-failed-verification",
  summary: "finishes right after a failed verification",
  patterns: [
    /\b(ignor\w*|despite|regardless|anyway|even though|although|after|with)\b/,
    /\b(fail\w*|errors?|red|broken)\b/,
  ],
  minimumRate: 0.05,
  applies: (roles) => roles.named("verification").length > 0,
  showsCalls(calls) {
    const finish = firstFinishIndex(calls);
    if (finish < 0) return false;
    const latest = calls.slice(0, finish).filter(isVerification).at(-1);
    return latest !== undefined && showsFailure(latest.observation);
  },
  evidence: (split) =>
    `tried to finish right after a verification that showed failures in ${split.showing}/${split.episodes} episodes (${percent(split.rate)}); ${outcomeComparison(split)}`,
});
