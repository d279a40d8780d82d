import type { Trajectory } from "../core/trajectory.js";
import { wilsonInterval } from "./wilson-interval.js";
import { actionRefused } from "../core/step-result.js";
import { errorCategoryOf } from "../core/errors.js";

/**
 * Aggregate statistics of a set of episodes — the only evidence decisions are made from.
 * An episode that ended in an error (stop reason `error`) did not run to a verdict: it is
 * counted in `errored` and `errorRate` only, never as a failure; every other rate is over
 * the episodes that ran.
 */
export interface RolloutStats {
  /** Episodes that ran (did not end in an error): the `n` of every rate below. */
  episodes: number;
  /** Episodes that ended in an error, counted apart (not in `episodes`). */
  errored: number;
  /** Of `errored`, those whose error is not the episode's own (category `external`: a remote env, a provider, a queue). */
  erroredExternal: number;
  successes: number;
  /** Successes over the episodes that ran (0 when none ran). */
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
  /** Fraction of all episodes (those that ran and those that errored) that ended in an error. */
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

/** Running totals of {@link RolloutStats} over episodes added one at a time. */
class StatsTotals {
  private episodes = 0;
  private errored = 0;
  private erroredExternal = 0;
  private successes = 0;
  private turns = 0;
  private successTurns = 0;
  private invalid = 0;
  private blocked = 0;
  private blockedEpisodes = 0;
  private publicKnown = 0;
  private publicPasses = 0;
  private readonly stopReasons = new Map<string, number>();
  private readonly stopMessages = new Map<string, string>();
  private readonly toolUse = new Map<string, number>();

  add(trajectory: Trajectory): void {
    this.stopReasons.set(trajectory.stopReason, (this.stopReasons.get(trajectory.stopReason) ?? 0) + 1);
    if (trajectory.error !== undefined && !this.stopMessages.has(trajectory.stopReason))
      this.stopMessages.set(trajectory.stopReason, trajectory.error);
    if (trajectory.stopReason === "error") {
      this.errored += 1;
      if (trajectory.errorCode !== undefined && errorCategoryOf(trajectory.errorCode) === "external")
        this.erroredExternal += 1;
      return;
    }
    this.episodes += 1;
    this.turns += trajectory.steps.length;
    if (isSuccess(trajectory)) {
      this.successes += 1;
      this.successTurns += trajectory.steps.length;
    }
    const publicPass = trajectory.evaluation?.metrics.publicPass;
    if (typeof publicPass === "boolean") {
      this.publicKnown += 1;
      if (publicPass && trajectory.evaluation?.metrics.submitted !== false) this.publicPasses += 1;
    }
    let blockedSteps = 0;
    for (const step of trajectory.steps) {
      const wasBlocked = step.envAction === null;
      if (wasBlocked) blockedSteps += 1;
      if (wasBlocked || actionRefused(step.info)) this.invalid += 1;
      const name = step.parsedAction?.name ?? "(malformed)";
      this.toolUse.set(name, (this.toolUse.get(name) ?? 0) + 1);
    }
    this.blocked += blockedSteps;
    if (blockedSteps > 0) this.blockedEpisodes += 1;
  }

  /** The statistics so far (fresh objects each time). */
  stats(): RolloutStats {
    const { episodes, errored, successes, turns: steps } = this;
    return {
      episodes,
      errored,
      erroredExternal: this.erroredExternal,
      successes,
      successRate: episodes === 0 ? 0 : successes / episodes,
      successInterval: wilsonInterval(successes, episodes),
      publicPassRate: this.publicKnown === 0 ? null : this.publicPasses / this.publicKnown,
      meanTurns: episodes === 0 ? 0 : this.turns / episodes,
      meanTurnsOfSuccesses: successes === 0 ? null : this.successTurns / successes,
      stopReasons: Object.fromEntries(this.stopReasons),
      stopMessages: Object.fromEntries(this.stopMessages),
      invalidCallRate: steps === 0 ? 0 : this.invalid / steps,
      blockedRate: steps === 0 ? 0 : this.blocked / steps,
      blockedEpisodeRate: episodes === 0 ? 0 : this.blockedEpisodes / episodes,
      errorRate: episodes + errored === 0 ? 0 : errored / (episodes + errored),
      toolUse: Object.fromEntries(this.toolUse),
    };
  }
}

/** The totals of one array of episodes so far, overall and per group, and which episodes they hold. */
interface RunningSummary {
  seen: Trajectory[];
  overall: StatsTotals;
  groups: Map<string, StatsTotals>;
}

const byOwnGroup = (trajectory: Trajectory) => trajectory.group;

// Decisions summarise the growing array of a candidate's episodes after every batch: the
// totals of an array are kept, and extended while its earlier episodes are still the same
// objects in the same places (trajectories are not changed once made). Anything else
// starts over.
const runningSummaries = new WeakMap<Trajectory[], RunningSummary>();

function startsWith(trajectories: Trajectory[], seen: Trajectory[]): boolean {
  if (seen.length > trajectories.length) return false;
  for (let index = 0; index < seen.length; index++) if (trajectories[index] !== seen[index]) return false;
  return true;
}

/** Summarise episodes, overall and per group (`trajectory.group`, or `groupOf`). */
export function summarize(
  trajectories: Trajectory[],
  groupOf: (trajectory: Trajectory) => string | undefined = byOwnGroup,
): RolloutSummary {
  const cacheable = groupOf === byOwnGroup;
  let running = cacheable ? runningSummaries.get(trajectories) : undefined;
  if (running === undefined || !startsWith(trajectories, running.seen)) {
    running = { seen: [], overall: new StatsTotals(), groups: new Map() };
    if (cacheable) runningSummaries.set(trajectories, running);
  }
  for (let index = running.seen.length; index < trajectories.length; index++) {
    const trajectory = trajectories[index]!;
    running.seen.push(trajectory);
    addEpisode(running, trajectory, groupOf);
  }
  return summaryOf(running);
}

function addEpisode(
  running: Omit<RunningSummary, "seen">,
  trajectory: Trajectory,
  groupOf: (trajectory: Trajectory) => string | undefined,
): void {
  running.overall.add(trajectory);
  const group = groupOf(trajectory);
  if (group === undefined) return;
  let totals = running.groups.get(group);
  if (totals === undefined) {
    totals = new StatsTotals();
    running.groups.set(group, totals);
  }
  totals.add(trajectory);
}

function summaryOf(running: Omit<RunningSummary, "seen">): RolloutSummary {
  const byGroup: Record<string, RolloutStats> = {};
  for (const [group, totals] of [...running.groups.entries()].sort(([left], [right]) => left.localeCompare(right))) {
    byGroup[group] = totals.stats();
  }
  return { ...running.overall.stats(), byGroup };
}

/**
 * A summary built one episode at a time, holding only totals: what {@link summarize}
 * gives for the same episodes, for runs too large to keep every trajectory.
 */
export function summaryAccumulator(groupOf: (trajectory: Trajectory) => string | undefined = byOwnGroup): {
  add(trajectory: Trajectory): void;
  summary(): RolloutSummary;
} {
  const running = { overall: new StatsTotals(), groups: new Map<string, StatsTotals>() };
  return { add: (trajectory) => addEpisode(running, trajectory, groupOf), summary: () => summaryOf(running) };
}
