import type { Trajectory } from "../../core/trajectory.js";
import { candidateEvidence } from "../candidate-evidence.js";
import { candidateStack } from "../candidate-stack.js";
import { decide, DEFAULT_DECISION_POLICY } from "../decision-rule.js";
import { validationIndexOffset } from "../rig-config.js";
import type { RigDependencies } from "../rig-dependencies.js";
import type { RigState, RigUpdate } from "../rig-state.js";
import { runRigBatch } from "../run-rig-batch.js";

/**
 * Validate: K fresh rollouts of the candidate stack (seeds never used by observation or
 * by another revision), then more batches of K while the decision rule asks for more
 * evidence, up to kMax.
 */
export function validateNode(dependencies: RigDependencies) {
  return async (state: RigState): Promise<RigUpdate> => {
    const config = state.config!;
    const proposal = state.proposal!;
    const spec = candidateStack(config, proposal);
    const offset = validationIndexOffset(state.written - 1);
    const trajectories: Trajectory[] = [];
    const policy = { ...DEFAULT_DECISION_POLICY, kMax: config.kMax };
    for (;;) {
      const batch = await runRigBatch(dependencies, config, {
        stack: spec,
        episodes: Math.min(config.k, config.kMax - trajectories.length),
        indexOffset: offset + trajectories.length,
      });
      trajectories.push(...batch);
      const evidence = candidateEvidence(proposal, trajectories, dependencies.weaknessShows);
      const verdict = decide(config.target, evidence, policy);
      if (verdict.decision !== "more" || trajectories.length >= config.kMax) {
        dependencies.onEvent?.({
          taskId: config.taskId,
          node: "validate",
          message: `candidate ${state.written}: success ${evidence.stats.successRate.toFixed(2)} over ${evidence.stats.episodes} rollouts, mean turns ${evidence.stats.meanTurns.toFixed(1)}`,
          data: { successRate: evidence.stats.successRate, episodes: evidence.stats.episodes },
        });
        return { validation: { stats: evidence.stats, trajectories, evidence } };
      }
    }
  };
}
