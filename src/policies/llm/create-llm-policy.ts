import { GoogleGenAI } from "@google/genai";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { EnvriggerError } from "../../core/errors.js";
import type { PolicyFactory } from "../../core/policy.js";
import { createOpenAiChatModel } from "../../llm/create-openai-chat-model.js";
import { resolveGeminiApiKey } from "../../llm/gemini-api-key.js";
import type { GeminiClient } from "../../llm/gemini-client.js";
import type { LlmCallSettings } from "../../llm/llm-call-settings.js";
import { formatModelSpec, parseModelSpec, type ModelSpec } from "../../llm/model-spec.js";
import { GeminiPolicyModel } from "./gemini-policy-model.js";
import { LangChainPolicyModel } from "./langchain-policy-model.js";
import { LlmPolicy, type LlmPolicyOptions } from "./llm-policy.js";
import { resolveLlmPolicyOptions } from "./llm-policy-options.js";
import type { PolicyChatModel } from "./policy-chat-model.js";

/** Options of {@link createLlmPolicy}. */
export interface CreateLlmPolicyOptions extends LlmPolicyOptions {
  /** An `openai:` spec's chat model, injected instead of a `ChatOpenAI` built from the environment (tests). */
  chatModel?: BaseChatModel;
  /** A `gemini:` spec's client, injected instead of a `GoogleGenAI` built from the environment (tests). */
  geminiClient?: GeminiClient;
}

function policyChatModel(spec: ModelSpec, options: CreateLlmPolicyOptions, settings: LlmCallSettings): PolicyChatModel {
  const environment = options.environment ?? process.env;
  if (spec.provider === "gemini") {
    if (options.chatModel)
      throw new EnvriggerError("BAD_ARGUMENT", `a LangChain chat model was injected for ${formatModelSpec(spec)}`, {
        hint: "inject geminiClient for gemini: specs",
      });
    return new GeminiPolicyModel(
      options.geminiClient ?? new GoogleGenAI({ apiKey: resolveGeminiApiKey(environment) }),
      spec.model,
    );
  }
  if (options.geminiClient)
    throw new EnvriggerError("BAD_ARGUMENT", `a Gemini client was injected for ${formatModelSpec(spec)}`, {
      hint: "inject chatModel for openai: specs",
    });
  return new LangChainPolicyModel(options.chatModel ?? createOpenAiChatModel(spec.model, settings, environment), {
    provider: spec.provider,
    model: spec.model,
  });
}

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
  const model = policyChatModel(modelSpec, options, resolveLlmPolicyOptions(options).settings);
  const { chatModel: _chatModel, geminiClient: _geminiClient, ...policyOptions } = options;
  const name = options.name ?? formatModelSpec(modelSpec);
  return () => new LlmPolicy(model, { ...policyOptions, name });
}
