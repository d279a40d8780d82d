/**
 * `envrigger/rl`: a learnable policy, its GRPO trainer, training runs on original or rigged
 * tasks, co-evolution of the harness with the learner, and the experiment that compares
 * them. `test/public-api.test.ts` pins this list.
 */
export { LearnableModel } from "../policies/learnable/learnable-model.js";
export { learnablePolicyFactory, type LearnablePolicyOptions } from "../policies/learnable/learnable-policy.js";
export { candidateActionsFromTools } from "../policies/learnable/candidate-actions-from-tools.js";
export { loadLearnedWeights, saveLearnedWeights } from "../policies/learnable/learned-weights-file.js";
export { policyDecisionSchema, recordedDecision, type PolicyDecision } from "../policies/learnable/policy-decision.js";
export { trainPolicy, type TrainPolicyOptions, type TrainPolicyResult } from "./train-policy.js";
export { trainingReward, type TrainingReward, type RewardSource } from "./training-reward.js";
export { runTraining, type TrainingRunResult } from "./run-training.js";
export { runExperiment, type ExperimentResult } from "./run-experiment.js";
export { coevolutionSource } from "./coevolution-source.js";
export {
  runTrainingRollouts,
  learnedSnapshotSpec,
  type TrainingRolloutRequest,
  type TrainingRollouts,
  type TrainingSnapshot,
} from "./run-training-rollouts.js";
