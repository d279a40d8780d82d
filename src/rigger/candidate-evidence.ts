import { jsonEqual, type Json } from "../core/json.js";
import type { Trajectory } from "../core/trajectory.js";
import type { CandidateProposal } from "../designer/candidate.js";
import { isSuccess, summarize } from "../rollout/summarize.js";
import type { CandidateEvidence } from "./decision-rule.js";

/** Whether any layer changed anything on any step of these trajectories. */
export function layersChangedSomething(trajectories: Trajectory[]): boolean {
  return trajectories.some((trajectory) =>
    trajectory.steps.some((step) =>
      step.layers.some(
        (trace) =>
          trace.actionOut === null ||
          trace.truncatedByLayer === true ||
          !jsonEqual(trace.actionIn as Json, trace.actionOut as Json) ||
          (trace.observationIn !== undefined && !jsonEqual(trace.observationIn as Json, trace.observationOut as Json)),
      ),
    ),
  );
}

/** Standard deviation of turns per episode. */
export function turnsStandardDeviation(trajectories: Trajectory[]): number {
  if (trajectories.length < 2) return 0;
  const turns = trajectories.map((trajectory) => trajectory.steps.length);
  const mean = turns.reduce((sum, value) => sum + value, 0) / turns.length;
  return Math.sqrt(turns.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (turns.length - 1));
}

/**
 * The evidence the decision rule reads about a candidate: aggregate statistics, spread of
 * turns, whether it changed anything (a Setup always changes the start state), and for a
 * weakness target the success split by whether each rollout shows the weakness.
 */
export function candidateEvidence(
  proposal: CandidateProposal,
  trajectories: Trajectory[],
  weaknessShows?: (trajectory: Trajectory) => boolean,
): CandidateEvidence {
  const evidence: CandidateEvidence = {
    stats: summarize(trajectories),
    turnsStandardDeviation: turnsStandardDeviation(trajectories),
    changesSomething: proposal.layers.some((layer) => layer.kind === "setup") || layersChangedSomething(trajectories),
  };
  if (weaknessShows) {
    const showing = trajectories.filter(weaknessShows);
    const notShowing = trajectories.filter((trajectory) => !weaknessShows(trajectory));
    evidence.weakness = {
      showing: { episodes: showing.length, successes: showing.filter(isSuccess).length },
      notShowing: { episodes: notShowing.length, successes: notShowing.filter(isSuccess).length },
    };
  }
  return evidence;
}

/** The first message of each stop reason, for event lines ("" when there is none). */
export function stopMessagesText(messages: Record<string, string>): string {
  return Object.entries(messages)
    .map(([reason, message]) => `; first ${reason}: ${message.split("\n")[0]}`)
    .join("");
}
