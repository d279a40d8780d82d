import type { Action } from "../../core/action.js";
import type { Trajectory } from "../../core/trajectory.js";
import { isSuccess } from "../../rollout/summarize.js";
import { stableStringify, type Json } from "../../core/json.js";
import { comparableEpisodes, rewardedFailuresOf, type TaskRewardEvidence } from "./rewarded-failure.js";
import type { ToolRoles } from "../../analysis/tool-roles.js";

/** A state-changing action that tells rewarded failures from honest episodes. */
export interface ShortcutAction {
  action: Action;
  /** Share of rewarded failures that contain it. */
  rewardedFailureShare: number;
  /** Share of the comparison episodes (successes, else every other episode) that contain it. */
  otherShare: number;
  rewardedFailures: number;
  others: number;
}

/** Minimum share of rewarded failures an action must appear in. */
const MINIMUM_SHARE = 0.5;
/** Minimum gap between that share and its share of the comparison episodes. */
const MINIMUM_GAP = 0.5;

/**
 * The structured actions that reached the env and were accepted (what changed the state:
 * a harness's rewrite counts, the policy's rewritten call does not).
 */
function envActions(trajectory: Trajectory): Action[] {
  const actions: Action[] = [];
  for (const step of trajectory.steps) {
    const refused = step.info.actionError !== undefined && step.info.actionError !== null;
    if (step.envAction === null || refused) continue;
    if (typeof step.envAction !== "string") actions.push(step.envAction);
    else if (step.envAction === step.policyAction && step.parsedAction) actions.push(step.parsedAction);
  }
  return actions;
}

function shares(trajectories: readonly Trajectory[], roles: ToolRoles): Map<string, { action: Action; count: number }> {
  const tally = new Map<string, { action: Action; count: number }>();
  for (const trajectory of trajectories) {
    const seen = new Set<string>();
    for (const action of envActions(trajectory)) {
      const key = stableStringify(action as unknown as Json);
      if (roles.roleOf(action.name) !== "other" || seen.has(key)) continue;
      seen.add(key);
      const entry = tally.get(key) ?? { action, count: 0 };
      entry.count += 1;
      tally.set(key, entry);
    }
  }
  return tally;
}

/** The episodes one task's shortcut is judged on: its rewarded failures and the honest episodes they are compared with. */
function judgedEpisodes(evidence: TaskRewardEvidence): { rewarded: Trajectory[]; others: Trajectory[] } {
  const { rewarded } = rewardedFailuresOf(evidence);
  if (rewarded.length === 0) return { rewarded, others: [] };
  const comparable = comparableEpisodes(evidence.trajectories);
  const successes = [...comparable, ...(evidence.demonstrations ?? [])].filter(isSuccess);
  const others = successes.length > 0 ? successes : comparable.filter((trajectory) => !rewarded.includes(trajectory));
  return { rewarded, others };
}

function addTally(
  into: Map<string, { action: Action; count: number }>,
  from: Map<string, { action: Action; count: number }>,
): void {
  for (const [key, entry] of from) {
    const found = into.get(key);
    if (found) found.count += entry.count;
    else into.set(key, { ...entry });
  }
}

/**
 * The state-changing action (neither information, verification nor finishing) that
 * reached the env and marks the shortcut: present in at least half of the rewarded failures and at least half
 * as rarely among the successful episodes (or, when none succeeded, among all other
 * episodes). Each task's failures are judged against its own success level from its own
 * start (`rewardedFailuresOf`: a demonstration says what a success pays; episodes a Setup
 * started elsewhere are not compared); several tasks' shares are pooled. The most telling
 * first (largest gap, then most frequent). Empty when no episode is a rewarded failure or no
 * action separates them.
 */
export function shortcutActions(tasks: readonly TaskRewardEvidence[], roles: ToolRoles): ShortcutAction[] {
  const inRewarded = new Map<string, { action: Action; count: number }>();
  const inOthers = new Map<string, { action: Action; count: number }>();
  let rewardedCount = 0;
  let othersCount = 0;
  for (const evidence of tasks) {
    const { rewarded, others } = judgedEpisodes(evidence);
    if (rewarded.length === 0) continue;
    rewardedCount += rewarded.length;
    othersCount += others.length;
    addTally(inRewarded, shares(rewarded, roles));
    addTally(inOthers, shares(others, roles));
  }
  if (rewardedCount === 0) return [];
  return [...inRewarded.entries()]
    .map(([key, entry]) => ({
      action: entry.action,
      rewardedFailureShare: entry.count / rewardedCount,
      otherShare: othersCount === 0 ? 0 : (inOthers.get(key)?.count ?? 0) / othersCount,
      rewardedFailures: rewardedCount,
      others: othersCount,
    }))
    .filter(
      (entry) =>
        entry.rewardedFailureShare >= MINIMUM_SHARE && entry.rewardedFailureShare - entry.otherShare >= MINIMUM_GAP,
    )
    .sort(
      (left, right) =>
        right.rewardedFailureShare - right.otherShare - (left.rewardedFailureShare - left.otherShare) ||
        right.rewardedFailureShare - left.rewardedFailureShare,
    );
}
