import { describe, expect, it } from "vitest";
import * as envrigger from "../src/index.js";
import * as testing from "../src/testing/index.js";

// The curated public surface. Adding or removing an export is a deliberate change: update
// this list (and the README) in the same commit.
const publicApi = [
  "CandidateStore", "ChainLayer", "DEFAULT_DECISION_POLICY", "DEFAULT_TARGET", "EnvriggerError", "HarnessLayer",
  "HeuristicDesigner", "RulesLayer", "SetupLayer", "TaskCodeRunner", "actionInputSchema", "actionSchema", "assertEnvOk",
  "bugfixEnv", "bugfixToolsEnv", "buildStack", "candidateProposalSchema", "checkComponent", "checkComponentSource",
  "checkEnv", "createOpenEnvDefinition", "createRigDependencies", "createRng", "decide", "deriveSeed", "errorCodes",
  "evaluationSchema", "formatAction", "harnessApiDeclaration", "harnessStackSpecSchema", "inProcessExecutor",
  "isEnvriggerError", "isSuccess", "jsonObjectSchema", "jsonSchema", "judgeBands", "layerTraceSchema", "listEnvs",
  "loadRulesComponent", "matchWeakness", "measureCandidate", "observationSchema", "policiesFor", "processExecutor",
  "productStackDependencies", "readCandidateRecord", "resetResultSchema", "resolveDesigner", "resolveEnv",
  "resolvePolicy", "rigTask", "rolloutSeed", "runBaseline", "runCurriculum", "runEpisode", "runRollouts", "splitSchema",
  "stackSpecOf", "stepResultSchema", "stopReasonSchema", "summarize", "targetSchema", "taskInfoSchema", "toolSpecSchema",
  "toy24Env", "trajectorySchema", "validateSetup", "wilsonInterval",
  "memoryItemSchema", "storedMemoryItemSchema", "memoryProvenanceSchema", "storeMemoryItem", "memoryItemText", "appendToSkillBank",
  "readSkillBank", "mineSkills", "LlmSkillExtractor", "extractSkills", "readAcceptedTrajectories", "rollOriginalEpisodes",
  "createSkillRetriever", "LexicalSkillRetriever", "EmbeddingSkillRetriever", "retrievingPolicyFactory", "evaluateSkills", "formatSkillBank",
  // rollout executors (issue 13)
  "createRolloutExecutor", "defaultRolloutConcurrency", "localRolloutExecutor", "policyArtifactHash", "portablePolicySpec",
  "queueRolloutExecutor", "rolloutBatchSchema", "rolloutJobId", "rolloutJobSchema", "startRolloutWorker",
  "startServeServer", "loadServedSet", "chatEpisodeOf", "chatEpisodeSchema", "corpusLineSchema", "readStoredCandidates",
  "loadRulesGroup", "isolateCrossingCount",
  "miniwobEnv", "findChromium",
  "LearnableModel", "learnablePolicyFactory", "candidateActionsFromTools", "loadLearnedWeights", "saveLearnedWeights",
  "trainPolicy", "trainingReward", "runTraining", "runExperiment", "coevolutionSource",
  "policyDecisionSchema", "recordedDecision", "runTrainingRollouts", "learnedSnapshotSpec",
  "successPosterior", "meanPosterior", "betaPosteriorCdf", "DEFAULT_CALL_TIMEOUT_MS",
];

const testingApi = [
  "FunctionRulesRuntime", "ScriptedChatModel", "ScriptedDesigner", "SequencePolicy", "TestEnv", "TestEnvDefinition",
  "startOpenAiCompatibleServer", "startOpenEnvTestServer",
  "hashedWordEmbedding",
  // issue 13
  "bugfixTextReply", "freeLoopbackPort", "redisServerAvailable", "spawnCliWorker", "startRedisTestServer", "trajectoryWithoutTimings",
  "OpenEnvTestClient",
];

describe("public API", () => {
  it("exports exactly the curated surface", () => {
    expect(Object.keys(envrigger).sort()).toEqual([...publicApi].sort());
  });

  it("ships the test doubles under envrigger/testing", () => {
    expect(Object.keys(testing).sort()).toEqual([...testingApi].sort());
  });

});
