import type { RigConfig } from "./rig-config.js";
import type { RigState } from "./rig-state.js";

/** The reason code a decision taken at the rollout budget carries (in its message and event). */
export const BUDGET_EXHAUSTED = "BUDGET_EXHAUSTED";

/** Rollouts a task has spent so far: its baseline and every validated attempt (errored episodes included). */
export function rolloutsSpent(state: Pick<RigState, "baseline" | "attempts">): number {
  const baseline = state.baseline ? state.baseline.stats.episodes + (state.baseline.stats.errored ?? 0) : 0;
  return state.attempts.reduce(
    (sum, attempt) => sum + (attempt.stats ? attempt.stats.episodes + (attempt.stats.errored ?? 0) : 0),
    baseline,
  );
}

/**
 * The cap of the next measurement (observation or validation) of a task: `kMax` (under the
 * paper's rule, one batch of K), lowered to what `budgetRollouts` leaves — but never below
 * one batch of K, so a measurement that starts always has evidence: a task spends at most
 * its budget plus one batch.
 */
export function measurementCap(config: RigConfig, spent: number): number {
  const kMax = config.rule === "paper" ? Math.min(config.k, config.kMax) : config.kMax;
  if (config.budgetRollouts === undefined) return kMax;
  const firstBatch = Math.min(config.k, kMax);
  return Math.min(kMax, Math.max(firstBatch, config.budgetRollouts - spent));
}

/** Whether the task has spent its rollout budget (no budget: never). */
export function budgetExhausted(config: RigConfig, spent: number): boolean {
  return config.budgetRollouts !== undefined && spent >= config.budgetRollouts;
}

/**
 * What the budgets leave a task that has spent `spent`: the least of its own budget's rest
 * and the run's (`runLeft`); undefined when neither budget is set.
 */
export function remainingRollouts(config: RigConfig, spent: number, runLeft: number | undefined): number | undefined {
  const own = config.budgetRollouts === undefined ? undefined : config.budgetRollouts - spent;
  if (own === undefined) return runLeft;
  return runLeft === undefined ? own : Math.min(own, runLeft);
}

/** The message of a verdict reached at the budget: the reason code, what was spent, and the verdict's own message. */
export function budgetMessage(config: RigConfig, spent: number, message: string): string {
  return `${BUDGET_EXHAUSTED} (${spent} of ${config.budgetRollouts} rollouts spent): ${message}`;
}
