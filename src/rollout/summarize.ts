import type { Trajectory } from "../core/trajectory.js";
import { wilsonInterval } from "./wilson-interval.js";
import { actionRefused } from "../core/step-result.js";

/** Aggregate statistics of a set of episodes — the only evidence decisions are made from. */
export interface RolloutStats {
  episodes: number;
  successes: number;
  successRate: number;
  /** 95% Wilson interval of the success rate. */
  successInterval: [number, number];
  /**
   * Fraction of episodes that ended passing the public checks (`evaluation.metrics.publicPass`)
   * — and, when the env reports `metrics.submitted`, that submitted (the chapter's "public
   * pass" column: what a public-test reward would pay). Null when the env reports none.
   */
  publicPassRate: number | null;
  /** Mean policy turns per episode. */
  meanTurns: number;
  /** Mean turns of successful episodes (null when none succeeded). */
  meanTurnsOfSuccesses: number | null;
  stopReasons: Record<string, number>;
  /** The first message of each stop reason that carries one (`error`, a call past its deadline's `timeout`). */
  stopMessages: Record<string, string>;
  /** Fraction of steps whose action the env refused (`info.actionError`) or a layer blocked. */
  invalidCallRate: number;
  /** Fraction of steps a harness layer blocked. */
  blockedRate: number;
  /** Fraction of episodes with at least one blocked step. */
  blockedEpisodeRate: number;
  /** Fraction of episodes that ended in an error. */
  errorRate: number;
  /** How often each tool was called (structured or parsed text actions). */
  toolUse: Record<string, number>;
}

/** {@link RolloutStats} plus a per-group breakdown (e.g. per bug family). */
export interface RolloutSummary extends RolloutStats {
  byGroup: Record<string, RolloutStats>;
}

/** Whether an episode counts as a success: the verifier said so and it did not error. */
export function isSuccess(trajectory: Trajectory): boolean {
  return trajectory.stopReason !== "error" && trajectory.evaluation?.success === true;
}

/** One episode's share of {@link RolloutStats}. */
interface EpisodeFigures {
  success: boolean;
  turns: number;
  publicPass: boolean | null;
  blockedSteps: number;
  invalidSteps: number;
  /** Calls per tool, in the order the episode first called each. */
  toolUse: Map<string, number>;
}

// Decisions summarise the growing set of a candidate's episodes after every batch: each
// episode's figures are worked out once. Trajectories are not changed once made.
const figuresOfEpisode = new WeakMap<Trajectory, EpisodeFigures>();

function figuresOf(trajectory: Trajectory): EpisodeFigures {
  const known = figuresOfEpisode.get(trajectory);
  if (known) return known;
  let blockedSteps = 0;
  let invalidSteps = 0;
  const toolUse = new Map<string, number>();
  for (const step of trajectory.steps) {
    const wasBlocked = step.envAction === null;
    if (wasBlocked) blockedSteps += 1;
    if (wasBlocked || actionRefused(step.info)) invalidSteps += 1;
    const name = step.parsedAction?.name ?? "(malformed)";
    toolUse.set(name, (toolUse.get(name) ?? 0) + 1);
  }
  const publicPass = trajectory.evaluation?.metrics.publicPass;
  const figures: EpisodeFigures = {
    success: isSuccess(trajectory),
    turns: trajectory.steps.length,
    publicPass: typeof publicPass === "boolean" ? publicPass && trajectory.evaluation?.metrics.submitted !== false : null,
    blockedSteps,
    invalidSteps,
    toolUse,
  };
  figuresOfEpisode.set(trajectory, figures);
  return figures;
}

function stats(trajectories: Trajectory[]): RolloutStats {
  const episodes = trajectories.length;
  let successes = 0;
  let turns = 0;
  let successTurns = 0;
  let invalid = 0;
  let blocked = 0;
  let blockedEpisodes = 0;
  let publicKnown = 0;
  let publicPasses = 0;
  const stopReasons: Record<string, number> = {};
  const stopMessages: Record<string, string> = {};
  const toolUse: Record<string, number> = {};
  for (const trajectory of trajectories) {
    const figures = figuresOf(trajectory);
    turns += figures.turns;
    if (figures.success) {
      successes += 1;
      successTurns += figures.turns;
    }
    stopReasons[trajectory.stopReason] = (stopReasons[trajectory.stopReason] ?? 0) + 1;
    if (trajectory.error !== undefined) stopMessages[trajectory.stopReason] ??= trajectory.error;
    if (figures.publicPass !== null) {
      publicKnown += 1;
      if (figures.publicPass) publicPasses += 1;
    }
    if (figures.blockedSteps > 0) blockedEpisodes += 1;
    blocked += figures.blockedSteps;
    invalid += figures.invalidSteps;
    for (const [name, calls] of figures.toolUse) toolUse[name] = (toolUse[name] ?? 0) + calls;
  }
  const steps = turns;
  return {
    episodes,
    successes,
    successRate: episodes === 0 ? 0 : successes / episodes,
    successInterval: wilsonInterval(successes, episodes),
    publicPassRate: publicKnown === 0 ? null : publicPasses / publicKnown,
    meanTurns: episodes === 0 ? 0 : turns / episodes,
    meanTurnsOfSuccesses: successes === 0 ? null : successTurns / successes,
    stopReasons,
    stopMessages,
    invalidCallRate: steps === 0 ? 0 : invalid / steps,
    blockedRate: steps === 0 ? 0 : blocked / steps,
    blockedEpisodeRate: episodes === 0 ? 0 : blockedEpisodes / episodes,
    errorRate: episodes === 0 ? 0 : (stopReasons.error ?? 0) / episodes,
    toolUse,
  };
}

/** Summarise episodes, overall and per group (`trajectory.group`, or `groupOf`). */
export function summarize(
  trajectories: Trajectory[],
  groupOf: (trajectory: Trajectory) => string | undefined = (trajectory) => trajectory.group,
): RolloutSummary {
  const groups = new Map<string, Trajectory[]>();
  for (const trajectory of trajectories) {
    const group = groupOf(trajectory);
    if (group === undefined) continue;
    const list = groups.get(group) ?? [];
    list.push(trajectory);
    groups.set(group, list);
  }
  const byGroup: Record<string, RolloutStats> = {};
  for (const [group, list] of [...groups.entries()].sort(([left], [right]) => left.localeCompare(right))) {
    byGroup[group] = stats(list);
  }
  return { ...stats(trajectories), byGroup };
}
