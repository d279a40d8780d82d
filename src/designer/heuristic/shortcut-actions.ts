import type { Action } from "../../core/action.js";
import type { Trajectory } from "../../core/trajectory.js";
import { isSuccess } from "../../rollout/summarize.js";
import { stableStringify, type Json } from "../../core/json.js";
import { isRewardedFailure, successLevelReward } from "./rewarded-failure.js";
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

/**
 * The state-changing action (neither information, verification nor finishing) that
 * reached the env and marks the shortcut: present in at least half of the rewarded failures and at least half
 * as rarely among the successful episodes (or, when none succeeded, among all other
 * episodes). The most telling first (largest gap, then most frequent). Empty when no
 * episode is a rewarded failure or no action separates them.
 */
export function shortcutActions(trajectories: readonly Trajectory[], roles: ToolRoles): ShortcutAction[] {
  const level = successLevelReward(trajectories);
  const rewarded = trajectories.filter((trajectory) => isRewardedFailure(trajectory, level));
  if (rewarded.length === 0) return [];
  const successes = trajectories.filter(isSuccess);
  const others =
    successes.length > 0 ? successes : trajectories.filter((trajectory) => !isRewardedFailure(trajectory, level));
  const inRewarded = shares(rewarded, roles);
  const inOthers = shares(others, roles);
  return [...inRewarded.entries()]
    .map(([key, entry]) => ({
      action: entry.action,
      rewardedFailureShare: entry.count / rewarded.length,
      otherShare: others.length === 0 ? 0 : (inOthers.get(key)?.count ?? 0) / others.length,
      rewardedFailures: rewarded.length,
      others: others.length,
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
