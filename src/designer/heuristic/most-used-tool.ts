import type { DesignContext } from "../designer.js";
import type { ToolRole, ToolRoles } from "../../analysis/tool-roles.js";

/**
 * The tool of this role the policy called most in the baseline (ties: declaration order),
 * or null when it never called one — perturbing a tool the policy does not use is pointless.
 */
export function mostUsedTool(
  context: DesignContext,
  roles: ToolRoles,
  role: ToolRole,
): { name: string; calls: number } | null {
  let best: { name: string; calls: number } | null = null;
  for (const name of roles.named(role)) {
    const calls = context.baseline.stats.toolUse[name] ?? 0;
    if (calls > 0 && (!best || calls > best.calls)) best = { name, calls };
  }
  return best;
}
