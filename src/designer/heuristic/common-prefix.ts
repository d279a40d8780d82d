import type { Action } from "../../core/action.js";
import type { Trajectory } from "../../core/trajectory.js";
import { effectiveActions, type KeyedAction } from "./effective-actions.js";
import type { ToolRoles } from "../../analysis/tool-roles.js";

/**
 * The prefix most successful episodes share: position by position, the most common next
 * action among the episodes that still follow the prefix, kept while at least half of all
 * successful episodes follow it. It stops after the first state-changing call (a tool
 * that is neither information nor verification): beyond it the start observation could
 * no longer show the policy what the replay did.
 */
export function commonPrefix(trajectories: readonly Trajectory[], roles: ToolRoles): Action[] {
  const plans = trajectories.map((trajectory) => effectiveActions(trajectory, roles));
  const prefix: KeyedAction[] = [];
  let following = plans;
  while (true) {
    const position = prefix.length;
    const counts = new Map<string, { action: KeyedAction; count: number }>();
    for (const plan of following) {
      const next = plan[position];
      if (!next) continue;
      const entry = counts.get(next.key) ?? { action: next, count: 0 };
      entry.count += 1;
      counts.set(next.key, entry);
    }
    const top = [...counts.values()].sort((left, right) => right.count - left.count)[0];
    if (!top || top.count * 2 < plans.length) break;
    prefix.push(top.action);
    following = following.filter((plan) => plan[position]?.key === top.action.key);
    const role = roles.roleOf(top.action.action.name);
    if (role !== "information" && role !== "verification") break;
  }
  return prefix.map((entry) => entry.action);
}
