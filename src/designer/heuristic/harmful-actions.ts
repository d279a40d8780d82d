import type { Action } from "../../core/action.js";
import type { Trajectory } from "../../core/trajectory.js";
import { isSuccess } from "../../rollout/summarize.js";
import { effectiveActions } from "./effective-actions.js";
import type { ToolRoles } from "../../analysis/tool-roles.js";

/** A state-changing action seen more in failed episodes than in successful ones. */
export interface HarmfulAction {
  action: Action;
  /** Share of failed episodes that contain it. */
  failedShare: number;
  /** Share of successful episodes that contain it. */
  successfulShare: number;
}

/**
 * State-changing actions (neither information, verification nor finishing) whose share of
 * failed episodes exceeds their share of successful ones by at least `margin`, most
 * telling first (largest gap, then most frequent in failures). Needs failed episodes.
 */
export function harmfulActions(trajectories: readonly Trajectory[], roles: ToolRoles, margin = 0.1): HarmfulAction[] {
  const failed = trajectories.filter((trajectory) => !isSuccess(trajectory));
  const succeeded = trajectories.filter(isSuccess);
  if (failed.length === 0) return [];
  const tally = new Map<string, { action: Action; failed: number; succeeded: number }>();
  const count = (list: readonly Trajectory[], side: "failed" | "succeeded") => {
    for (const trajectory of list) {
      const seen = new Set<string>();
      for (const { action, key } of effectiveActions(trajectory, roles)) {
        if (roles.roleOf(action.name) !== "other" || seen.has(key)) continue;
        seen.add(key);
        const entry = tally.get(key) ?? { action, failed: 0, succeeded: 0 };
        entry[side] += 1;
        tally.set(key, entry);
      }
    }
  };
  count(failed, "failed");
  count(succeeded, "succeeded");
  return [...tally.values()]
    .map((entry) => ({
      action: entry.action,
      failedShare: entry.failed / failed.length,
      successfulShare: succeeded.length === 0 ? 0 : entry.succeeded / succeeded.length,
    }))
    .filter((entry) => entry.failedShare - entry.successfulShare >= margin)
    .sort(
      (left, right) =>
        right.failedShare - right.successfulShare - (left.failedShare - left.successfulShare) ||
        right.failedShare - left.failedShare,
    );
}
