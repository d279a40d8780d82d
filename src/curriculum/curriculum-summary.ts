import type { Target } from "../designer/target.js";
import type { RigTaskResult } from "../rigger/rig-task.js";
import { emptyCost, runCostOf, type RunCost } from "../run-format/cost-record.js";

/** Counts of a curriculum run, and how many tasks sit in the success band before and after. */
export interface CurriculumSummary {
  /** Tasks rigged (accepted, rejected or skipped). */
  tasks: number;
  accepted: number;
  rejected: number;
  skipped: number;
  /** Tasks the run's budget left unrigged (not counted in `tasks`). */
  notRigged: number;
  /** Tasks whose baseline success (point estimate) lies in the success band. */
  inBandBefore: number;
  /** Tasks in band after rigging: accepted ones (validation estimate) plus skipped ones. */
  inBandAfter: number;
  /** Validation rollouts spent on accepted candidates. */
  revisionsTotal: number;
  usage: { inputTokens: number; outputTokens: number; calls: number };
  /** What the run spent in total and per accepted env (rollouts, env steps, wall time, policy and designer tokens). */
  cost: RunCost;
}

/** Summarise task results against the target's success band (all in band when there is none). */
export function summarizeCurriculum(results: RigTaskResult[], target: Target, notRigged = 0): CurriculumSummary {
  const inBand = (rate: number) =>
    !target.successBand || (rate >= target.successBand[0] && rate <= target.successBand[1]);
  const count = (outcome: RigTaskResult["outcome"]) => results.filter((result) => result.outcome === outcome).length;
  return {
    tasks: results.length,
    accepted: count("accepted"),
    rejected: count("rejected"),
    skipped: count("skipped"),
    notRigged,
    inBandBefore: results.filter((result) => inBand(result.baseline.successRate)).length,
    inBandAfter: results.filter(
      (result) =>
        result.outcome === "skipped" ||
        (result.accepted !== null && inBand((result.accepted.pooled ?? result.accepted).successRate)),
    ).length,
    revisionsTotal: results.reduce((sum, result) => sum + result.revisions, 0),
    usage: results.reduce(
      (sum, result) => ({
        inputTokens: sum.inputTokens + result.usage.inputTokens,
        outputTokens: sum.outputTokens + result.usage.outputTokens,
        calls: sum.calls + result.usage.calls,
      }),
      { inputTokens: 0, outputTokens: 0, calls: 0 },
    ),
    cost: runCostOf(
      results.map((result) => result.cost ?? emptyCost()),
      count("accepted"),
    ),
  };
}
