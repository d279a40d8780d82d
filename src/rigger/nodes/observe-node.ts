import { summarize } from "../../rollout/summarize.js";
import type { Trajectory } from "../../core/trajectory.js";
import { judgeBands } from "../decision-rule.js";
import type { RigDependencies } from "../rig-dependencies.js";
import type { RigState, RigUpdate } from "../rig-state.js";
import { stopMessagesText, turnsStandardDeviation } from "../candidate-evidence.js";
import { bareStack, runRigBatch } from "../run-rig-batch.js";

/**
 * Observe: K rollouts of the unmodified env. While the band posterior is undecided (neither
 * in the band nor on one side of it at the configured confidence), spend more batches (up
 * to kMax), so "already in band" is judged by the same rule as a candidate. A task whose
 * baseline is in band at that confidence is `skipped` (bands only; a weakness target is
 * always rigged).
 */
export function observeNode(dependencies: RigDependencies) {
  return async (state: RigState): Promise<RigUpdate> => {
    const config = state.config!;
    const trajectories: Trajectory[] = [];
    const { target } = config;
    const hasBand = Boolean(target.successBand || target.stepsBand);
    for (;;) {
      const batch = await runRigBatch(dependencies, config, {
        stack: bareStack(config),
        episodes: Math.min(config.k, config.kMax - trajectories.length),
        indexOffset: trajectories.length,
      });
      trajectories.push(...batch);
      if (!hasBand || trajectories.length >= config.kMax) break;
      const judgement = judgeBands(target, summarize(trajectories), turnsStandardDeviation(trajectories), true, config.confidence);
      if (judgement.kind !== "more") break;
    }
    const stats = summarize(trajectories);
    const inBand = hasBand && !target.weakness && judgeBands(target, stats, turnsStandardDeviation(trajectories), false, config.confidence).kind === "in";
    dependencies.onEvent?.({
      taskId: config.taskId,
      node: "observe",
      message: `baseline success ${stats.successRate.toFixed(2)} over ${stats.episodes} rollouts, mean turns ${stats.meanTurns.toFixed(1)}${inBand ? " — already in band: skipped" : ""}${stopMessagesText(stats.stopMessages)}`,
      data: { successRate: stats.successRate, episodes: stats.episodes, stopMessages: stats.stopMessages },
    });
    return { baseline: { stats, trajectories }, ...(inBand ? { outcome: "skipped" as const } : {}) };
  };
}
