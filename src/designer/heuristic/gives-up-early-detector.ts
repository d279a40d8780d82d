import { outcomeComparison, percent } from "./episode-split.js";
import { defineBehaviourDetector } from "./define-behaviour-detector.js";
import { firstFinishIndex, isVerification } from "../../analysis/trajectory-calls.js";

/** Finishing at or before this turn index (the first two turns) counts as giving up early. */
export const EARLY_FINISH_TURN = 1;

/** `gives-up-early`: the policy tries to finish within its first two turns without verifying anything. */
export const givesUpEarlyDetector = defineBehaviourDetector({
  id: "gives-up-early",
  summary: "finishes within the first two turns without verification",
  patterns: [/\b(gives? up|giving up|gave up|give-up|early|quits?|prematurely|too soon|too quickly)\b/],
  minimumRate: 0.1,
  showsCalls(calls) {
    const finish = firstFinishIndex(calls);
    return finish >= 0 && calls[finish]!.turn <= EARLY_FINISH_TURN && !calls.slice(0, finish).some(isVerification);
  },
  evidence: (split) =>
    `tried to finish within the first ${EARLY_FINISH_TURN + 1} turns without verification in ${split.showing}/${split.episodes} episodes (${percent(split.rate)}); ${outcomeComparison(split)}`,
});
