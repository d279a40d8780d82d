import type { Action, ActionInput } from "../../core/action.js";
import { actionRefused } from "../../core/step-result.js";
import type { Trajectory } from "../../core/trajectory.js";
import type { ToolRoles } from "../../analysis/tool-roles.js";
import { isSuccess } from "../../rollout/summarize.js";
import type { DesignContext } from "../designer.js";

/** A successful episode read as a path to the goal. */
export interface DemonstrationPath {
  /** Whose episode: the policy's own (a baseline success) or the env's demonstrator. */
  source: "policy" | "demonstrator";
  /** The calls the env accepted, in order, before the finishing call (a Setup can replay these). */
  steps: ActionInput[];
  /** The finishing call that ended it (e.g. a submit), if the episode ended with one. */
  finish: ActionInput | null;
  /**
   * The same calls, finish included, as structured calls (text parsed by the env's grammar,
   * as a Rules hook receives them) — what a layer that follows the path compares; null when
   * one of them did not parse.
   */
  calls: Action[] | null;
}

/** The accepted calls of a trajectory, split at its first finishing call. */
export function pathOf(
  trajectory: Trajectory,
  roles: ToolRoles,
  source: DemonstrationPath["source"],
): DemonstrationPath {
  const steps: ActionInput[] = [];
  const calls: (Action | null)[] = [];
  const path = (finish: ActionInput | null): DemonstrationPath => ({
    source,
    steps,
    finish,
    calls: calls.every((call) => call !== null) ? (calls as Action[]) : null,
  });
  for (const step of trajectory.steps) {
    if (step.envAction === null || actionRefused(step.info)) continue;
    calls.push(typeof step.envAction === "string" ? step.parsedAction : step.envAction);
    if (step.parsedAction && roles.roleOf(step.parsedAction.name) === "finishing") return path(step.envAction);
    steps.push(step.envAction);
  }
  return path(null);
}

/**
 * The path a start-near-goal Setup replays and an off-path refusal follows: the shortest
 * successful episode of the policy itself (its own baseline) when it has one — the states
 * it reaches are its own — else of the env's demonstrator (`context.demonstrations`).
 * Null when neither succeeded or the path has no step before the finish.
 */
export function demonstrationPath(context: DesignContext, roles: ToolRoles): DemonstrationPath | null {
  const shortest = (trajectories: readonly Trajectory[], source: DemonstrationPath["source"]) =>
    trajectories
      .filter(isSuccess)
      .map((trajectory) => pathOf(trajectory, roles, source))
      .filter((path) => path.steps.length > 0)
      .sort((left, right) => left.steps.length - right.steps.length)[0] ?? null;
  return shortest(context.baseline.trajectories, "policy") ?? shortest(context.demonstrations ?? [], "demonstrator");
}
