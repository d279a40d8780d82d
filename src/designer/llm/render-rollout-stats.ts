import type { RolloutStats } from "../../rollout/summarize.js";

function fraction(value: number): string {
  return value.toFixed(2);
}

function histogram(counts: Record<string, number>): string {
  const entries = Object.entries(counts).sort(
    ([leftName, left], [rightName, right]) => right - left || leftName.localeCompare(rightName),
  );
  return entries.length === 0 ? "none" : entries.map(([name, count]) => `${name} ${count}`).join(", ");
}

/**
 * Render aggregate rollout statistics compactly for a prompt: success rate with its 95%
 * interval, mean turns (overall and of successes), stop-reason histogram, invalid / blocked
 * / error rates, the public-check pass rate when known, and tool use.
 */
export function renderRolloutStats(stats: RolloutStats): string {
  const [low, high] = stats.successInterval;
  const lines = [
    `episodes: ${stats.episodes}; successes: ${stats.successes}; success rate ${fraction(stats.successRate)} (95% interval ${fraction(low)}–${fraction(high)})`,
    `mean turns: ${stats.meanTurns.toFixed(1)}${stats.meanTurnsOfSuccesses === null ? " (no successes)" : ` (successful episodes: ${stats.meanTurnsOfSuccesses.toFixed(1)})`}`,
    `stop reasons: ${histogram(stats.stopReasons)}`,
    `invalid-call rate ${fraction(stats.invalidCallRate)} (refused by the env or blocked); blocked rate ${fraction(stats.blockedRate)} (episodes with a blocked action ${fraction(stats.blockedEpisodeRate)}); error rate ${fraction(stats.errorRate)}`,
  ];
  if (stats.publicPassRate !== null) lines.push(`public checks pass at the end: ${fraction(stats.publicPassRate)}`);
  lines.push(`tool use: ${histogram(stats.toolUse)}`);
  return lines.join("\n");
}
