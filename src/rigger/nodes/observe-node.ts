import { summarize } from "../../rollout/summarize.js";
import type { Trajectory } from "../../core/trajectory.js";
import { judgeBands } from "../decision-rule.js";
import { refuseOnExternalErrors } from "../errored-episodes.js";
import { measurementCap } from "../rollout-budget.js";
import { decisionPolicyOf } from "../rig-config.js";
import type { RigNodeDependencies } from "../rig-dependencies.js";
import { configOf, type RigState, type RigUpdate } from "../rig-state.js";
import { stopMessagesText, turnsStandardDeviation } from "../candidate-evidence.js";
import { bareStack, runRigBatch } from "../run-rig-batch.js";
import { runBudgetSpentBefore } from "../run-budget.js";

/**
 * Observe: K rollouts of the unmodified env. While the band posterior is undecided (neither
 * in the band nor on one side of it at the configured confidence), spend more batches (up
 * to kMax), so "already in band" is judged by the same rule as a candidate. A task whose
 * baseline is in band at that confidence — and still is after the confirmation batch of
 * `confirmationEpisodes` fresh rollouts — is `skipped` (bands only; a weakness target is always rigged).
 * When the run's budget is spent before the first rollout, the task is not rigged
 * (`BUDGET_EXHAUSTED`, thrown: nothing of it is checkpointed).
 */
export function observeNode(dependencies: RigNodeDependencies) {
  return async (state: RigState): Promise<RigUpdate> => {
    const config = configOf(state);
    const trajectories: Trajectory[] = [];
    const { target } = config;
    const hasBand = Boolean(target.successBand || target.stepsBand);
    // The rollout budget caps the baseline too (nothing is spent before it).
    const cap = measurementCap(config, 0);
    const policy = { ...decisionPolicyOf(config), kMax: cap };
    const judge = (canSpend: boolean) => {
      const stats = summarize(trajectories);
      refuseOnExternalErrors(stats, policy.maxExternalErrorRate, "baseline");
      return judgeBands(target, stats, {
        turnsDeviation: turnsStandardDeviation(trajectories),
        canSpend,
        rule: policy.rule,
        confidence: policy.confidence,
        tolerance: policy.tolerance,
        stepsTolerance: policy.stepsTolerance,
        checkRollouts: policy.checkRollouts,
        refineConfidence: policy.refineConfidence,
        ...(policy.abandon ? { abandon: policy.abandon, remainingEpisodes: cap - stats.episodes } : {}),
      });
    };
    // Whether the batch ran in full (a run budget trims the last batches).
    const run = async (episodes: number) => {
      const batch = await runRigBatch(dependencies, config, {
        stack: bareStack(config),
        episodes,
        indexOffset: trajectories.length,
      });
      trajectories.push(...batch);
      return batch.length === episodes;
    };
    for (;;) {
      const full = await run(Math.min(config.k, cap - trajectories.length));
      if (trajectories.length === 0) throw runBudgetSpentBefore(config.taskId, dependencies.runBudget);
      if (!full || !hasBand || trajectories.length >= cap) break;
      if (judge(true).kind !== "more") break;
    }
    let inBand = hasBand && !target.weakness && judge(false).kind === "in";
    // The same winner's curse as a candidate's: stopping at the first look that passes favours
    // a lucky baseline, so a skip is confirmed on `confirmationEpisodes` fresh rollouts and judged again.
    if (inBand && config.confirmationEpisodes > 0) {
      await run(config.confirmationEpisodes);
      inBand = judge(false).kind === "in";
    }
    const stats = summarize(trajectories);
    refuseOnExternalErrors(stats, policy.maxExternalErrorRate, "baseline");
    dependencies.onEvent?.({
      taskId: config.taskId,
      node: "observe",
      message: `baseline success ${stats.successRate.toFixed(2)} over ${stats.episodes} rollouts, mean turns ${stats.meanTurns.toFixed(1)}${inBand ? " — already in band: skipped" : ""}${stopMessagesText(stats.stopMessages)}`,
      data: {
        successRate: stats.successRate,
        episodes: stats.episodes,
        errored: stats.errored,
        stopMessages: stats.stopMessages,
      },
    });
    return {
      baseline: { stats, trajectories: dependencies.trajectories.put(trajectories) },
      ...(inBand ? { outcome: "skipped" as const } : {}),
    };
  };
}
