import { packageVersion } from "../../core/package-version.js";
import type { DecisionFeedback } from "../../designer/designer.js";
import { CandidateStore, type CandidateRecord } from "../candidate-store.js";
import { candidateStack } from "../candidate-stack.js";
import { validationIndexOffset } from "../rig-config.js";
import { budgetExhausted, budgetMessage, rolloutsSpent } from "../rollout-budget.js";
import { runBudgetMessage } from "../run-budget.js";
import type { RigNodeDependencies } from "../rig-dependencies.js";
import { trajectoriesOf } from "../trajectory-batch-store.js";
import { attemptExamples } from "../attempt-examples.js";
import { configOf, type RigState, type RigUpdate } from "../rig-state.js";

/**
 * Decide: act on the rule's verdict (taken in the validate node). Accept → store the candidate
 * atomically and end the task; refine / reject → record the attempt with its feedback and
 * go back to write, until the revision budget is spent (then the task is `rejected`, and
 * its best attempt stays in the record with its numbers).
 */
export function decideNode(dependencies: RigNodeDependencies) {
  return async (state: RigState): Promise<RigUpdate> => {
    const config = configOf(state);
    const proposal = state.proposal!;
    const validation = state.validation!;
    const validated = trajectoriesOf(dependencies.trajectories, validation.trajectories);
    const spent = rolloutsSpent(state) + validation.stats.episodes + validation.stats.errored;
    // The rule decided in the validate node, once per batch; what is left here is the record.
    const reached = validation.verdict;
    const runLeft = dependencies.runBudget ? await dependencies.runBudget.remaining() : undefined;
    const runSpent = runLeft !== undefined && runLeft <= 0;
    const overBudget = budgetExhausted(config, spent) || runSpent;
    const feedback: DecisionFeedback =
      overBudget && reached.decision !== "accept"
        ? {
            ...reached,
            message: runSpent
              ? runBudgetMessage(dependencies.runBudget!, reached.message)
              : budgetMessage(config, spent, reached.message),
          }
        : reached;
    dependencies.onEvent?.({
      taskId: config.taskId,
      node: "decide",
      message: `${feedback.decision} (${feedback.direction}): ${feedback.message}`,
    });
    const attempt = {
      revision: state.written,
      proposal,
      issues: [],
      stats: validation.stats,
      decision: feedback,
      trajectories: dependencies.trajectories.put(attemptExamples(validated)),
      ...(validation.mixturePoint ? { mixturePoint: validation.mixturePoint } : {}),
    };
    if (feedback.decision === "accept") {
      const stack = candidateStack(config, proposal);
      const record: CandidateRecord = {
        version: 1,
        id: CandidateStore.hashOf(stack),
        envId: config.envId,
        taskId: config.taskId,
        stack,
        target: config.target,
        diagnosis: state.diagnosis?.text ?? "",
        rationale: proposal.rationale,
        template: proposal.template,
        parameters: proposal.parameters,
        baseline: { ...state.baseline!.stats },
        validation: { ...validation.stats },
        decision: feedback.message,
        revisions: state.written - 1,
        designer: config.designer,
        policy: config.policy,
        seeds: { run: config.seed, observeOffset: 0, validateOffset: validationIndexOffset(state.written - 1) },
        packageVersion: packageVersion(),
        usage: state.usage,
        examples: {
          baseline: trajectoriesOf(dependencies.trajectories, state.baseline!.trajectories).slice(0, 1),
          accepted: validated.slice(0, 1),
        },
      };
      const candidatePath = dependencies.store.save(record);
      return { verdict: feedback, attempts: [attempt], outcome: "accepted", candidatePath };
    }
    const exhausted = state.written > config.revisions || overBudget;
    return { verdict: feedback, attempts: [attempt], ...(exhausted ? { outcome: "rejected" as const } : {}) };
  };
}
