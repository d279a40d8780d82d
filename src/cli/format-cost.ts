import { totalTokens, type CostRecord, type RunCost } from "../run-format/cost-record.js";

/** Seconds with one decimal. */
function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** A task's cost as table cells: rollouts, env steps, wall time, tokens (policy + designer, prompt + completion). */
export function costCells(cost: CostRecord): Array<string | number> {
  return [
    cost.rollouts,
    cost.envSteps,
    seconds(cost.wallMs),
    totalTokens(cost.policyTokens) + totalTokens(cost.designerTokens),
  ];
}

/** The header of {@link costCells}. */
export const COST_HEADER = ["rollouts", "env steps", "time", "tokens"];

/** A run's cost in one line: totals, tokens by source (prompt/completion), and per accepted env. */
export function formatRunCost(cost: RunCost): string {
  const { total, perAcceptedEnv } = cost;
  const tokens = (name: string, counts: CostRecord["policyTokens"]) =>
    counts.calls === 0 && totalTokens(counts) === 0
      ? ""
      : `; ${name} tokens ${counts.inputTokens} prompt${counts.cachedInputTokens ? ` (${counts.cachedInputTokens} cached)` : ""} + ${counts.outputTokens} completion (${counts.calls} calls)`;
  const perAccepted = perAcceptedEnv
    ? `; per accepted env ${perAcceptedEnv.rollouts.toFixed(1)} rollouts, ${(perAcceptedEnv.policyTokens + perAcceptedEnv.designerTokens).toFixed(0)} tokens`
    : "; no accepted env";
  return `cost: ${total.rollouts} rollouts, ${total.envSteps} env steps, ${seconds(total.wallMs)} in the rig loop${tokens("policy", total.policyTokens)}${tokens("designer", total.designerTokens)}${perAccepted}\n`;
}
