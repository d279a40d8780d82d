import type { PolicyFactory } from "../../core/policy.js";
import { createChatModel, type CreateChatModelOptions } from "../../llm/create-chat-model.js";
import { formatModelSpec, parseModelSpec, type ModelSpec } from "../../llm/model-spec.js";
import { LlmPolicy, type LlmPolicyOptions } from "./llm-policy.js";
import { resolveLlmPolicyOptions } from "./llm-policy-options.js";

/** Options of {@link createLlmPolicy}. */
export interface CreateLlmPolicyOptions
  extends LlmPolicyOptions,
    Pick<CreateChatModelOptions, "chatModel" | "geminiClient"> {}

/**
 * A per-episode factory of {@link LlmPolicy} objects for `openai:<model>` (OpenAI, or any
 * OpenAI-compatible server via `OPENAI_BASE_URL`) or `gemini:<model>`, configured like the
 * LLM designers — from the environment only (`OPENAI_API_KEY`, `OPENAI_BASE_URL`,
 * `GEMINI_API_KEY`; a localhost base URL needs no key). Every policy the factory makes keeps
 * its own conversation and usage; the chat model is shared. A chat model or Gemini client
 * may be injected instead (tests). Throws `BAD_ARGUMENT` for a bad spec, `MISSING_SECRET`
 * for a missing key and `BAD_CONFIG` for bad options, before any episode; nothing is sent
 * until the first `act`. The policies are named after the spec (e.g. `openai:gpt-4o-mini`).
 */
export function createLlmPolicy(spec: string | ModelSpec, options: CreateLlmPolicyOptions = {}): PolicyFactory {
  const modelSpec = typeof spec === "string" ? parseModelSpec(spec) : spec;
  const model = createChatModel(modelSpec, {
    settings: resolveLlmPolicyOptions(options).settings,
    ...(options.environment === undefined ? {} : { environment: options.environment }),
    ...(options.chatModel === undefined ? {} : { chatModel: options.chatModel }),
    ...(options.geminiClient === undefined ? {} : { geminiClient: options.geminiClient }),
  });
  const { chatModel: _chatModel, geminiClient: _geminiClient, ...policyOptions } = options;
  const name = options.name ?? formatModelSpec(modelSpec);
  return () => new LlmPolicy(model, { ...policyOptions, name });
}
