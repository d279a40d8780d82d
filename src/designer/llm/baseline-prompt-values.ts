import { truncateMiddle } from "../../llm/truncate-middle.js";
import type { DesignContext } from "../designer.js";
import type { DesignerPromptBudget } from "./designer-prompt-budget.js";
import { renderRolloutStats } from "./render-rollout-stats.js";
import { renderTarget } from "./render-target.js";
import { renderTrajectories } from "./render-trajectories.js";

/**
 * The placeholder values both designer prompts share: env and task ids, target, task
 * instruction, tools (JSON Schemas), state schema, baseline statistics and the baseline
 * rollouts in full — each capped by `budget`.
 */
export function baselinePromptValues(context: DesignContext, budget: DesignerPromptBudget): Record<string, string> {
  const tools = context.tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
  }));
  return {
    envId: context.envId,
    taskId: context.taskId,
    target: renderTarget(context.target),
    instruction: truncateMiddle(context.instruction, budget.instructionChars),
    tools: truncateMiddle(JSON.stringify(tools, null, 2), budget.toolChars),
    stateSchema: context.stateSchema.trim() || "(the environment describes no state)",
    baselineStats: renderRolloutStats(context.baseline.stats),
    baselineTrajectories: renderTrajectories(context.baseline.trajectories, {
      title: "Baseline rollout",
      budgetChars: budget.baselineTrajectoryChars,
    }),
  };
}
