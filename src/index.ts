/**
 * envrigger's public surface, centred on its verbs: `rig()` one task, or a `curriculum()`
 * of tasks — what `envrigger rig` and `envrigger curriculum` run — with their settings
 * declared once; then the contracts an environment speaks, the built-in environments and
 * policies, rollouts, harness stacks and the decision rule. The rest has entries of its own:
 * `envrigger/rl` (learnable policies, GRPO, co-evolution), `envrigger/skills` (skill banks),
 * `envrigger/serve` (the OpenEnv server, exports), `envrigger/queue` (rollout executors and
 * workers), `envrigger/testing` (test doubles). `test/public-api.test.ts` pins every list.
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
} from "./rigger/rig-settings.js";
export type { Setting } from "./core/setting.js";
export type { CurriculumSettingsInput } from "./curriculum/curriculum-settings.js";
export type { RigTaskResult } from "./rigger/rig-task.js";

// Errors: one family, with stable codes
export { EnvriggerError, errorCodes, isEnvriggerError, type ErrorCategory, type ErrorCode } from "./core/errors.js";

// Contracts: what an environment and a policy speak
export { actionSchema, actionInputSchema, formatAction, type Action, type ActionInput } from "./core/action.js";
export type { ActionableEnv } from "./core/actionable-env.js";
export { checkEnv, assertEnvOk, type CheckEnvOptions, type CheckEnvReport } from "./core/check-env.js";
export type { EnvDefinition } from "./core/env-definition.js";
export { evaluationSchema, type Evaluation } from "./core/evaluation.js";
export { jsonSchema, jsonObjectSchema, type Json, type JsonObject } from "./core/json.js";
export type { LayerTrace } from "./core/layer-trace.js";
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
export { miniwobEnv } from "./bridges/miniwob/index.js";
export { createOpenEnvDefinition } from "./bridges/openenv/index.js";
export { policiesFor, resolvePolicy, type ResolvedPolicy } from "./policies/policy-registry.js";

// Rollouts
export { runEpisode, type RunEpisodeOptions } from "./rollout/run-episode.js";
export { runRollouts, type RunRolloutsOptions } from "./rollout/run-rollouts.js";
export { summarize, type RolloutStats, type RolloutSummary } from "./rollout/summarize.js";
export { wilsonInterval } from "./rollout/wilson-interval.js";
export { runBaseline, type BaselineReport } from "./rollout/baseline.js";

// Harness stacks and their sandbox
export { HarnessLayer } from "./harness/harness-layer.js";
export { SetupLayer } from "./harness/setup-layer.js";
export { RulesLayer } from "./harness/rules-layer.js";
export { ChainLayer } from "./harness/chain-layer.js";
export { buildStack, type BuildStackDependencies, type LoadRulesGroupResult } from "./harness/build-stack.js";
export { stackSpecOf } from "./harness/stack-spec-of.js";
export { harnessStackSpecSchema, type HarnessStackSpec, type LayerSpec } from "./harness/harness-stack-spec.js";
export type { RulesRuntime } from "./harness/rules-runtime.js";
export type { RulesGroupRuntime } from "./harness/rules-group-runtime.js";
export { productStackDependencies } from "./app/product-stack-dependencies.js";
export { checkComponent } from "./sandbox/rules/component-check.js";
export { loadRulesGroup } from "./sandbox/rules/component-loader.js";
export { harnessApiDeclaration } from "./sandbox/rules/harness-api.js";

// Designers, targets and the decision rule
export type { Designer, DesignContext, Diagnosis, Weakness, Attempt, DecisionFeedback } from "./designer/designer.js";
export { candidateProposalSchema, type CandidateProposal } from "./designer/candidate.js";
export { targetSchema, DEFAULT_TARGET, type Target } from "./designer/target.js";
export { resolveDesigner } from "./designer/designer-registry.js";
export { HeuristicDesigner } from "./designer/heuristic/heuristic-designer.js";
export {
  decide,
  DEFAULT_DECISION_POLICY,
  type DecisionPolicy,
  type CandidateEvidence,
  type AbandonmentRule,
} from "./rigger/decision-rule.js";
export { CandidateStore, type CandidateRecord } from "./rigger/candidate-store.js";
export { measureCandidate, type Measurement } from "./rigger/measure-candidate.js";
