/** Test doubles shipped with envrigger (`envrigger/testing`). */
export { TestEnv, type TestEnvOptions } from "./test-env.js";
export { TestEnvDefinition } from "./test-env-definition.js";
export { SequencePolicy } from "./sequence-policy.js";
export { ScriptedDesigner } from "./scripted-designer.js";
export { FunctionRulesRuntime } from "./function-rules-runtime.js";
export { ScriptedChatModel, type ScriptedChatReply } from "./scripted-chat-model.js";
export { startOpenAiCompatibleServer } from "./openai-compatible-server.js";
export { startOpenEnvTestServer } from "./openenv-test-server.js";
export { hashedWordEmbedding } from "./hashed-word-embedding.js";
export { bugfixTextReply } from "./bugfix-text-model.js";
export { trajectoryWithoutTimings } from "./trajectory-without-timings.js";
export { startRedisTestServer, redisServerAvailable, type RedisTestServer } from "./redis-test-server.js";
export { freeLoopbackPort } from "./free-loopback-port.js";
export { spawnCliWorker, type CliWorkerProcess } from "./spawn-cli-worker.js";
export { OpenEnvTestClient } from "./openenv-test-client.js";
