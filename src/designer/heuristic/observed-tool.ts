import type { DesignContext } from "../designer.js";
import { mostUsedTool } from "./most-used-tool.js";
import { outputUse } from "./output-use.js";
import type { ToolRoles } from "../../analysis/tool-roles.js";

/** The tool whose output the policy reads to decide, and why it counts as its source of information. */
export interface ObservedTool {
  name: string;
  /** Accepted calls of it in the baseline. */
  calls: number;
  /** `information`: a tool that only shows something; `other`: a move whose answer shows the new state. */
  role: "information" | "other";
}

/** The distinct texts the env answered to accepted calls of `tool` in the baseline. */
export function distinctOutputs(context: DesignContext, tool: string): number {
  const texts = new Set<string>();
  for (const trajectory of context.baseline.trajectories) {
    for (const step of trajectory.steps) {
      const refused = step.info.actionError !== undefined && step.info.actionError !== null;
      if (step.parsedAction?.name === tool && step.envAction !== null && !refused) texts.add(step.observation.text);
    }
  }
  return texts.size;
}

/**
 * Where the policy's information comes from, classified generically: the information
 * tool it calls most; when it calls none, the move tool (role `other`) it calls most,
 * provided its answers vary (they show the state the policy acts on next — a constant
 * "ok" would carry nothing to hide). A tool whose answers the baseline shows the policy
 * ignoring ({@link outputUse}: different answers after the same calls, the same next action
 * every time) does not count. Null when none is left: perturbing an observation the policy
 * never reads is pointless.
 */
export function observedTool(context: DesignContext, roles: ToolRoles): ObservedTool | null {
  const information = mostUsedTool(context, roles, "information");
  if (information && outputUse(context, information.name).verdict !== "ignores")
    return { ...information, role: "information" };
  const move = mostUsedTool(context, roles, "other");
  if (!move || distinctOutputs(context, move.name) < 2 || outputUse(context, move.name).verdict === "ignores")
    return null;
  return { ...move, role: "other" };
}
