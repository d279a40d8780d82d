/** Test doubles shipped with envrigger (`envrigger/testing`). */
export { TestEnv, type TestEnvOptions } from "./test-env.js";
export { TestEnvDefinition } from "./test-env-definition.js";
export { SequencePolicy } from "./sequence-policy.js";
export { ScriptedDesigner } from "./scripted-designer.js";
export { FunctionRulesRuntime } from "./function-rules-runtime.js";
export { ScriptedChatModel, type ScriptedChatReply } from "./scripted-chat-model.js";
export { startOpenAiCompatibleServer } from "./openai-compatible-server.js";
export { startOpenEnvTestServer } from "./openenv-test-server.js";
export { OpenEnvTestClient } from "./openenv-test-client.js";
