import { outcomeComparison, percent } from "./episode-split.js";
import { defineBehaviourDetector } from "./define-behaviour-detector.js";

/** `runs-out-of-budget`: episodes that end because the turn budget (or the time limit) ran out. */
export const runsOutOfBudgetDetector = defineBehaviourDetector({
  id: "runs-out-of-budget",
  summary: "runs out of the turn budget",
  patterns: [
    /\b(runs? out|running out|ran out|out of (turns|steps|time|budget)|budget|time ?outs?|exhaust\w*|too (slow|long)|never finish\w*)\b/,
  ],
  minimumRate: 0.1,
  showsCalls: (_calls, trajectory) => trajectory.stopReason === "budget" || trajectory.stopReason === "timeout",
  evidence: (split, input) =>
    `ran out of budget or time in ${split.showing}/${split.episodes} episodes (${percent(split.rate)}; stop reasons ${JSON.stringify(input.stats.stopReasons)}); mean ${input.stats.meanTurns.toFixed(1)} turns per episode; ${outcomeComparison(split)}`,
});
