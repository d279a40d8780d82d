import { outcomeComparison, percent } from "./episode-split.js";
import { defineBehaviourDetector } from "./define-behaviour-detector.js";

/**
 * `invalid-calls`: the env refused some of the policy's calls (malformed text or a call
 * the env rejected, `info.actionError`); calls a harness layer blocked do not count.
 */
export const invalidCallsDetector = defineBehaviourDetector({
  id: "invalid-calls",
  summary: "makes malformed or rejected calls",
  patterns: [
    /\b(invalid|malformed|rejected|refused|wrong format|bad (calls?|format)|syntax|unparsable|parse errors?)\b/,
  ],
  minimumRate: 0.1,
  showsCalls: (calls) => calls.some((call) => call.refused),
  evidence: (split, input) =>
    `made a malformed or rejected call in ${split.showing}/${split.episodes} episodes (${percent(split.rate)}); invalid-call rate ${percent(input.stats.invalidCallRate)} of steps; ${outcomeComparison(split)}`,
});
