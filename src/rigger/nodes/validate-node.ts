import type { Trajectory } from "../../core/trajectory.js";
import { candidateEvidence, stopMessagesText } from "../candidate-evidence.js";
import { candidateStack } from "../candidate-stack.js";
import { decide } from "../decision-rule.js";
import { decisionPolicyOf, validationIndexOffset } from "../rig-config.js";
import type { RigNodeDependencies } from "../rig-dependencies.js";
import { configOf, type RigState, type RigUpdate } from "../rig-state.js";
import { runRigBatch } from "../run-rig-batch.js";
import { mixturePointOf, pooledMixtureEstimate } from "../mixture-evidence.js";
import { measurementCap, remainingRollouts, rolloutsSpent } from "../rollout-budget.js";
import type { DecisionFeedback } from "../../designer/designer.js";

/**
 * Validate: K fresh rollouts of the candidate stack (seeds never used by observation or
 * by another revision), then more batches of K while the decision rule asks for more
 * evidence, up to the cap; when the rule first passes the candidate, one confirmation batch
 * of fresh rollouts (the winner's curse) before the verdict is taken again on all of them.
 * The rule is applied once per batch, told the cap and what the task's and the run's
 * budgets leave; its last verdict is the decision (the decide node acts on it).
 */
export function validateNode(dependencies: RigNodeDependencies) {
  return async (state: RigState): Promise<RigUpdate> => {
    const config = configOf(state);
    const proposal = state.proposal!;
    const spec = candidateStack(config, proposal);
    const offset = validationIndexOffset(state.written - 1);
    const trajectories: Trajectory[] = [];
    // The rollout budget lowers this validation's cap to what the task has left.
    const cap = measurementCap(config, rolloutsSpent(state));
    const policy = { ...decisionPolicyOf(config), kMax: cap };
    let confirmationFrom: number | undefined;
    let episodes = Math.min(config.k, cap);
    const spentBefore = rolloutsSpent(state);
    const baselineStats = state.baseline?.stats;
    const history = {
      attempts: state.attempts,
      baseline: { episodes: baselineStats?.episodes ?? 0, successes: baselineStats?.successes ?? 0 },
    };
    for (;;) {
      const batch = await runRigBatch(dependencies, config, {
        stack: spec,
        episodes,
        indexOffset: offset + trajectories.length,
      });
      trajectories.push(...batch);
      // The run's budget trimmed the batch: nothing more can be spent on this candidate.
      const trimmed = batch.length < episodes;
      // A declared mixture: this candidate's episodes split by their recorded draw, pooled with the experiment's.
      const mixturePoint = mixturePointOf(proposal, trajectories);
      const pooled = pooledMixtureEstimate(proposal, mixturePoint, history, policy);
      const evidence = {
        ...candidateEvidence(proposal, trajectories, dependencies.weaknessShows),
        ...(confirmationFrom === undefined ? {} : { confirmationFrom }),
        ...(pooled ? { pooled } : {}),
      };
      // What the budgets leave — the task's and the run's (at 0 the rule decides with `stop: "budget"`).
      const runLeft = dependencies.runBudget ? await dependencies.runBudget.remaining() : undefined;
      const spent = spentBefore + evidence.stats.episodes + evidence.stats.errored;
      const remaining = remainingRollouts(config, spent, runLeft);
      const verdict = decide(
        config.target,
        remaining === undefined ? evidence : { ...evidence, remainingRollouts: remaining },
        policy,
      );
      const confirm = verdict.decision === "more" && verdict.confirm === true;
      if (verdict.decision !== "more" || (!confirm && trajectories.length >= cap) || trimmed) {
        dependencies.onEvent?.({
          taskId: config.taskId,
          node: "validate",
          message: `candidate ${state.written}: success ${evidence.stats.successRate.toFixed(2)} over ${evidence.stats.episodes} rollouts, mean turns ${evidence.stats.meanTurns.toFixed(1)}${stopMessagesText(evidence.stats.stopMessages)}`,
          data: {
            successRate: evidence.stats.successRate,
            episodes: evidence.stats.episodes,
            errored: evidence.stats.errored,
            stopMessages: evidence.stats.stopMessages,
          },
        });
        // Stopped with the rule wanting more (the run's budget trimmed the batch): refine, inconclusive.
        const decided: DecisionFeedback =
          verdict.decision === "more"
            ? { decision: "refine", direction: "inconclusive", distance: 0, message: verdict.message, stop: "cap" }
            : verdict;
        return {
          validation: {
            verdict: decided,
            stats: evidence.stats,
            trajectories: dependencies.trajectories.put(trajectories),
            evidence,
            ...(mixturePoint ? { mixturePoint } : {}),
          },
        };
      }
      if (confirm) confirmationFrom = trajectories.length;
      episodes = confirm ? policy.confirmationEpisodes : Math.min(config.k, cap - trajectories.length);
    }
  };
}
