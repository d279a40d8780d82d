/**
 * envrigger's public surface. Everything a user needs to build environments, wrap them in
 * harness stacks, run policies and rig curricula is exported here; test doubles are in
 * `envrigger/testing`. `test/public-api.test.ts` pins this list.
 */

// The verbs: rig one task, or every task of a split — what `envrigger rig` and `curriculum` run
export { rig, type RigOptions, type RigResult } from "./app/rig.js";
export {
  curriculum,
  type CurriculumOptions,
  type CurriculumRunResult,
  type CurriculumProgress,
  type CurriculumTaskEntry,
  type RunOptions,
} from "./app/curriculum.js";
export {
  curriculumSettingTable,
  rigSettingTable,
  rigSettingsSchema,
  type RigSettings,
  type RigSettingsInput,
  type Setting,
} from "./rigger/rig-settings.js";
export type { CurriculumSettingsInput } from "./curriculum/curriculum-settings.js";

// Contracts
export { actionSchema, actionInputSchema, formatAction, type Action, type ActionInput } from "./core/action.js";
export type { ActionableEnv } from "./core/actionable-env.js";
export { checkEnv, assertEnvOk, type CheckEnvOptions, type CheckEnvReport } from "./core/check-env.js";
export type { EnvDefinition } from "./core/env-definition.js";
export { EnvriggerError, errorCodes, isEnvriggerError, type ErrorCategory, type ErrorCode } from "./core/errors.js";
export { evaluationSchema, type Evaluation } from "./core/evaluation.js";
export { jsonSchema, jsonObjectSchema, type Json, type JsonObject } from "./core/json.js";
export { layerTraceSchema, type LayerTrace } from "./core/layer-trace.js";
export { observationSchema, type Observation } from "./core/observation.js";
export type { EpisodeStart, Policy, PolicyFactory, PolicyInput } from "./core/policy.js";
export { createRng, deriveSeed, type Rng } from "./core/seeding.js";
export { resetResultSchema, stepResultSchema, type ResetResult, type StepResult } from "./core/step-result.js";
export { splitSchema, taskInfoSchema, type Split, type TaskInfo } from "./core/task.js";
export { toolSpecSchema, type ToolSpec } from "./core/tool-spec.js";
export {
  stopReasonSchema,
  trajectorySchema,
  type StopReason,
  type Trajectory,
  type TrajectoryStep,
} from "./core/trajectory.js";

// Environments and policies
export { listEnvs, resolveEnv } from "./bridges/env-registry.js";
export { bugfixEnv } from "./bridges/bugfix/index.js";
export { bugfixToolsEnv } from "./bridges/bugfix-tools/index.js";
export { toy24Env } from "./bridges/toy24/index.js";
export { createOpenEnvDefinition } from "./bridges/openenv/index.js";
export { policiesFor, resolvePolicy, type ResolvedPolicy } from "./policies/policy-registry.js";

// Rollouts
export { runEpisode, type RunEpisodeOptions } from "./rollout/run-episode.js";
export { runRollouts, rolloutSeed, type RunRolloutsOptions } from "./rollout/run-rollouts.js";
export { summarize, isSuccess, type RolloutStats, type RolloutSummary } from "./rollout/summarize.js";
export { wilsonInterval } from "./rollout/wilson-interval.js";
export { runBaseline, type BaselineReport } from "./rollout/baseline.js";

// Harness
export { HarnessLayer } from "./harness/harness-layer.js";
export { SetupLayer } from "./harness/setup-layer.js";
export { RulesLayer } from "./harness/rules-layer.js";
export { ChainLayer } from "./harness/chain-layer.js";
export { buildStack, type BuildStackDependencies } from "./harness/build-stack.js";
export { stackSpecOf } from "./harness/stack-spec-of.js";
export { harnessStackSpecSchema, type HarnessStackSpec, type LayerSpec } from "./harness/harness-stack-spec.js";
export { validateSetup } from "./harness/validate-setup.js";
export type { RulesRuntime } from "./harness/rules-runtime.js";

// Sandbox
export { checkComponentSource } from "./sandbox/rules/static-check/static-check.js";
export { checkComponent } from "./sandbox/rules/component-check.js";
export { loadRulesComponent } from "./sandbox/rules/component-loader.js";
export { harnessApiDeclaration } from "./sandbox/rules/harness-api.js";
export { TaskCodeRunner } from "./sandbox/task-code/task-code-runner.js";

// Designers and the rig loop
export type { Designer, DesignContext, Diagnosis, Weakness, Attempt, DecisionFeedback } from "./designer/designer.js";
export { candidateProposalSchema, type CandidateProposal } from "./designer/candidate.js";
export { targetSchema, DEFAULT_TARGET, type Target } from "./designer/target.js";
export { resolveDesigner } from "./designer/designer-registry.js";
export { HeuristicDesigner } from "./designer/heuristic/heuristic-designer.js";
export { matchWeakness } from "./designer/heuristic/match-weakness.js";
export {
  decide,
  judgeBands,
  DEFAULT_DECISION_POLICY,
  type DecisionPolicy,
  type CandidateEvidence,
  type AbandonmentRule,
} from "./rigger/decision-rule.js";
export { rigTask, type RigTaskResult } from "./rigger/rig-task.js";
export { CandidateStore, readCandidateRecord, type CandidateRecord } from "./rigger/candidate-store.js";
export { measureCandidate, type Measurement } from "./rigger/measure-candidate.js";
export { runCurriculum, inProcessExecutor, type CurriculumResult } from "./curriculum/run-curriculum.js";
export { processExecutor } from "./app/process-executor.js";
export { createRigDependencies } from "./app/create-rig-dependencies.js";
export { productStackDependencies } from "./bridges/product-stack-dependencies.js";

// Skills: memory items, banks, extraction (LLM and mined), retrieval, evaluation
export {
  memoryItemSchema,
  storedMemoryItemSchema,
  memoryProvenanceSchema,
  storeMemoryItem,
  memoryItemText,
  type MemoryItem,
  type StoredMemoryItem,
  type MemoryProvenance,
} from "./skills/memory-item.js";
export { appendToSkillBank, readSkillBank, type SkillBankContents } from "./skills/skill-bank.js";
export { mineSkills, type MineSkillsOptions, type MinedSkills, type HabitContrast } from "./skills/mine-skills.js";
export { LlmSkillExtractor, type LlmSkillExtractorOptions } from "./skills/llm-skill-extractor.js";
export { extractSkills, type ExtractSkillsOptions, type ExtractionReport } from "./skills/extract-skills.js";
export { readAcceptedTrajectories } from "./skills/read-accepted-trajectories.js";
export { rollOriginalEpisodes } from "./skills/roll-original-episodes.js";
export { createSkillRetriever, type CreateSkillRetrieverOptions } from "./skills/create-skill-retriever.js";
export { LexicalSkillRetriever } from "./skills/lexical-skill-retriever.js";
export { EmbeddingSkillRetriever } from "./skills/embedding-skill-retriever.js";
export type { SkillRetriever, RetrievedSkill } from "./skills/skill-retriever.js";
export { retrievingPolicyFactory, type RetrievingPolicyOptions } from "./skills/retrieving-policy.js";
export { evaluateSkills, type EvaluateSkillsOptions, type SkillEvaluation } from "./skills/evaluate-skills.js";
export { formatSkillBank } from "./skills/format-skill-bank.js";
// Rollout executors: this process or a BullMQ/Redis queue of `envrigger worker` processes
export { rolloutBatchSchema, type RolloutBatch, type RolloutBatchInput } from "./rollout/rollout-batch.js";
export type { RolloutExecutor, RunBatchOptions } from "./rollout/rollout-executor.js";
export { localRolloutExecutor } from "./rollout/local-rollout-executor.js";
export { defaultRolloutConcurrency } from "./rollout/default-rollout-concurrency.js";
export { policyArtifactHash, portablePolicySpec } from "./rollout/policy-artifacts.js";
export { createRolloutExecutor } from "./queue/create-rollout-executor.js";
export { queueRolloutExecutor } from "./queue/queue-rollout-executor.js";
export { startRolloutWorker, type RolloutWorkerOptions, type RunningRolloutWorker } from "./queue/rollout-worker.js";
export { rolloutJobId, rolloutJobSchema, type RolloutJob } from "./queue/rollout-job.js";
// Serving and export (OpenEnv server, chat JSONL, corpus)
export { startServeServer, type ServeServer, type StartServeServerOptions } from "./serve/start-serve-server.js";
export { loadServedSet, type ServedSetOptions } from "./serve/load-served-set.js";
export type { ServedMember, ServedSet } from "./serve/served-member.js";
export { chatEpisodeOf, chatEpisodeSchema, type ChatEpisode } from "./export/chat-episode.js";
export { corpusLineSchema, type CorpusLine } from "./export/corpus-line.js";
export { readStoredCandidates } from "./export/read-stored-candidates.js";
export { loadRulesGroup } from "./sandbox/rules/component-loader.js";
export { isolateCrossingCount } from "./sandbox/rules/isolate-crossings.js";
export type { LoadRulesGroupResult } from "./harness/build-stack.js";
export type { RulesGroupRuntime } from "./harness/rules-group-runtime.js";
// Web tasks (MiniWoB++ in Chromium)
export { miniwobEnv } from "./bridges/miniwob/index.js";
export { findChromium } from "./bridges/miniwob/index.js";
// Learning: the learnable policy, the GRPO trainer, co-evolution and the experiment
export { LearnableModel } from "./policies/learnable/learnable-model.js";
export { learnablePolicyFactory, type LearnablePolicyOptions } from "./policies/learnable/learnable-policy.js";
export { candidateActionsFromTools } from "./policies/learnable/candidate-actions-from-tools.js";
export { loadLearnedWeights, saveLearnedWeights } from "./policies/learnable/learned-weights-file.js";
export { trainPolicy, type TrainPolicyOptions, type TrainPolicyResult } from "./rl/train-policy.js";
export { trainingReward, type TrainingReward, type RewardSource } from "./rl/training-reward.js";
export { runTraining, type TrainingRunResult } from "./rl/run-training.js";
export { runExperiment, type ExperimentResult } from "./rl/run-experiment.js";
export { coevolutionSource } from "./rl/coevolution-source.js";
// Training rollouts through a RolloutExecutor (issue 10 × 13): decisions travel in trajectories
export { policyDecisionSchema, recordedDecision, type PolicyDecision } from "./policies/learnable/policy-decision.js";
export {
  runTrainingRollouts,
  learnedSnapshotSpec,
  type TrainingRolloutRequest,
  type TrainingRollouts,
  type TrainingSnapshot,
} from "./rl/run-training-rollouts.js";
export { successPosterior, meanPosterior, betaPosteriorCdf, type BandPosterior } from "./rigger/band-posterior.js";
export { DEFAULT_CALL_TIMEOUT_MS } from "./rollout/call-deadline.js";
