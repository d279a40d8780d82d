import type { RigDependencies } from "../rig-dependencies.js";

/** The designer's token usage so far (zeros for designers that use no model). */
export function usageOf(dependencies: RigDependencies): { inputTokens: number; outputTokens: number; calls: number } {
  return dependencies.designer.usage?.() ?? { inputTokens: 0, outputTokens: 0, calls: 0 };
}
