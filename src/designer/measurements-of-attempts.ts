import type { CandidateProposal } from "./candidate.js";
import type { DecisionDirection } from "./designer.js";
import type { RunMeasurement } from "./run-measurement.js";

/**
 * What a task's attempts measured, as the run's later tasks read it ({@link RunMeasurement}):
 * every candidate that recorded its template and knob (a designer records the knob of a
 * template standing alone, never of one over another's layers), ran and changed something (not `no-effect` or `broken`), oldest first.
 */
export function measurementsOfAttempts(
  taskId: string,
  baselineRate: number,
  direction: RunMeasurement["direction"],
  attempts: ReadonlyArray<{
    proposal: CandidateProposal | null;
    stats: { successes: number; episodes: number } | null;
    decision: { direction: DecisionDirection } | null;
  }>,
): RunMeasurement[] {
  const measured: RunMeasurement[] = [];
  for (const { proposal, stats, decision } of attempts) {
    const knob = proposal?.knob;
    if (!proposal?.template || !knob || !stats || stats.episodes <= 0 || !decision) continue;
    if (decision.direction === "no-effect" || decision.direction === "broken") continue;
    if (knob.strongest === knob.neutral) continue;
    measured.push({
      taskId,
      direction,
      template: proposal.template,
      knob: knob.name,
      value: knob.value,
      position: (knob.value - knob.neutral) / (knob.strongest - knob.neutral),
      baselineRate,
      successes: stats.successes,
      episodes: stats.episodes,
    });
  }
  return measured;
}
