import { outcomeComparison, percent } from "./episode-split.js";
import { defineBehaviourDetector } from "./define-behaviour-detector.js";
import { trajectoryCalls, type TrajectoryCall } from "../../analysis/trajectory-calls.js";

/** How many calls repeat the call right before them exactly (same tool, same arguments). */
function countRepeats(calls: readonly TrajectoryCall[]): number {
  let repeats = 0;
  for (let index = 1; index < calls.length; index++) {
    if (calls[index]!.name !== null && calls[index]!.key === calls[index - 1]!.key) repeats += 1;
  }
  return repeats;
}

/**
 * `repeats-actions`: the policy makes the same call (same tool, same arguments) twice or
 * more in a row. The evidence names the tools repeated most and the repeats per episode.
 */
export const repeatsActionsDetector = defineBehaviourDetector({
  id: "repeats-actions",
  summary: "repeats identical actions back to back",
  patterns: [
    /\b(repeat\w*|loop\w*|again|stuck|redundant|re-?reads?|re-?tests?|re-?runs?|same (action|call|command)s?)\b/,
  ],
  minimumRate: 0.1,
  showsCalls: (calls) => countRepeats(calls) > 0,
  evidence(split, input) {
    const byTool = new Map<string, number>();
    let total = 0;
    let steps = 0;
    for (const trajectory of input.trajectories) {
      const calls = trajectoryCalls(trajectory, input.roles);
      steps += calls.length;
      for (let index = 1; index < calls.length; index++) {
        const call = calls[index]!;
        if (call.name !== null && call.key === calls[index - 1]!.key) {
          total += 1;
          byTool.set(call.name, (byTool.get(call.name) ?? 0) + 1);
        }
      }
    }
    const tools = [...byTool.entries()]
      .sort((left, right) => right[1] - left[1])
      .map(([name, count]) => `${name} ×${count}`)
      .join(", ");
    return `repeated the previous call exactly in ${split.showing}/${split.episodes} episodes (${percent(split.rate)}); ${total} repeats = ${percent(steps === 0 ? 0 : total / steps)} of all calls (${tools}); ${outcomeComparison(split)}`;
  },
});
