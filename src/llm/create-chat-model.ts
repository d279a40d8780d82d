import { GoogleGenAI } from "@google/genai";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { EnvriggerError } from "../core/errors.js";
import type { ChatModel } from "./chat-model.js";
import { createOpenAiChatModel } from "./create-openai-chat-model.js";
import { GeminiChatModel } from "./gemini-chat-model.js";
import { resolveGeminiApiKey } from "./gemini-api-key.js";
import type { GeminiClient } from "./gemini-client.js";
import { LangChainChatModel } from "./langchain-chat-model.js";
import type { LlmCallSettings } from "./llm-call-settings.js";
import { formatModelSpec, type ModelSpec } from "./model-spec.js";

/** Options of {@link createChatModel}. */
export interface CreateChatModelOptions {
  /** Resolved call settings: the OpenAI client takes its timeout and temperature from them. */
  settings: LlmCallSettings;
  /** Where keys and URLs are read from (default `process.env`); configuration comes from nowhere else. */
  environment?: NodeJS.ProcessEnv;
  /** An `openai:` spec's chat model, injected instead of a `ChatOpenAI` built from the environment (tests). */
  chatModel?: BaseChatModel;
  /** A `gemini:` spec's client, injected instead of a `GoogleGenAI` built from the environment (tests). */
  geminiClient?: GeminiClient;
}

/**
 * The {@link ChatModel} of a model spec, configured from the environment only:
 * - `openai:<model>`: a {@link LangChainChatModel} over `ChatOpenAI` with `OPENAI_API_KEY`
 *   and optional `OPENAI_BASE_URL` (vLLM, Ollama, llama.cpp …; on localhost no key is
 *   needed), Chat Completions API, the SDK's own retries off (envrigger retries);
 * - `gemini:<model>`: a {@link GeminiChatModel} over `@google/genai` with `GEMINI_API_KEY`.
 * A chat model or Gemini client may be injected instead (tests); injecting the other
 * provider's throws `BAD_ARGUMENT`. A missing key throws `MISSING_SECRET`, a malformed base
 * URL `BAD_CONFIG`; nothing is sent until the first request.
 */
export function createChatModel(spec: ModelSpec, options: CreateChatModelOptions): ChatModel {
  const environment = options.environment ?? process.env;
  if (spec.provider === "gemini") {
    if (options.chatModel)
      throw new EnvriggerError("BAD_ARGUMENT", `a LangChain chat model was injected for ${formatModelSpec(spec)}`, {
        hint: "inject geminiClient for gemini: specs",
      });
    return new GeminiChatModel(
      options.geminiClient ?? new GoogleGenAI({ apiKey: resolveGeminiApiKey(environment) }),
      spec.model,
    );
  }
  if (options.geminiClient)
    throw new EnvriggerError("BAD_ARGUMENT", `a Gemini client was injected for ${formatModelSpec(spec)}`, {
      hint: "inject chatModel for openai: specs",
    });
  return new LangChainChatModel(options.chatModel ?? createOpenAiChatModel(spec.model, options.settings, environment), {
    provider: spec.provider,
    model: spec.model,
  });
}
