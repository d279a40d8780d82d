import type { Action } from "../../core/action.js";
import { stableStringify, type Json } from "../../core/json.js";
import type { Trajectory } from "../../core/trajectory.js";
import type { ToolRoles } from "../../analysis/tool-roles.js";
import { actionRefused } from "../../core/step-result.js";

/** A structured action with its identity key. */
export interface KeyedAction {
  action: Action;
  key: string;
}

/**
 * The calls of a trajectory that reached the env and were accepted, as structured actions,
 * with consecutive duplicates collapsed and cut before the first finishing call: the
 * episode's plan, without its stutters.
 */
export function effectiveActions(trajectory: Trajectory, roles: ToolRoles): KeyedAction[] {
  const actions: KeyedAction[] = [];
  for (const step of trajectory.steps) {
    const action = step.parsedAction;
    const refused = actionRefused(step.info);
    if (!action || step.envAction === null || refused) continue;
    if (roles.roleOf(action.name) === "finishing") break;
    const key = stableStringify(action as unknown as Json);
    if (actions.at(-1)?.key !== key) actions.push({ action, key });
  }
  return actions;
}
