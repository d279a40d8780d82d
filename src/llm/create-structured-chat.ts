import { GoogleGenAI } from "@google/genai";
import { createOpenAiChatModel } from "./create-openai-chat-model.js";
import { GeminiStructuredChat } from "./gemini-structured-chat.js";
import { resolveGeminiApiKey } from "./gemini-api-key.js";
import { LangChainStructuredChat } from "./langchain-structured-chat.js";
import { resolveLlmCallSettings, type LlmCallSettingsInput } from "./llm-call-settings.js";
import { parseModelSpec, type ModelSpec } from "./model-spec.js";
import type { StructuredChat } from "./structured-chat.js";

/** Options of {@link createStructuredChat}. */
export interface CreateStructuredChatOptions {
  settings?: LlmCallSettingsInput;
  /** Where keys and URLs are read from (default `process.env`); configuration comes from nowhere else. */
  environment?: NodeJS.ProcessEnv;
}

/**
 * A {@link StructuredChat} for a model spec (`openai:<model>` or `gemini:<model>`),
 * configured from the environment only:
 * - `openai`: LangChain `ChatOpenAI` with `OPENAI_API_KEY` and optional `OPENAI_BASE_URL`
 *   (vLLM, Ollama, llama.cpp …; on localhost no key is needed). Chat Completions API, the
 *   SDK's own retries off (envrigger retries), temperature and seed passed on;
 * - `gemini`: `@google/genai` with `GEMINI_API_KEY`.
 * Throws `BAD_ARGUMENT` for a bad spec, `MISSING_SECRET` for a missing key, `BAD_CONFIG` for
 * bad settings. Nothing is sent until the first `invoke`.
 */
export function createStructuredChat(
  spec: string | ModelSpec,
  options: CreateStructuredChatOptions = {},
): StructuredChat {
  const { provider, model } = typeof spec === "string" ? parseModelSpec(spec) : spec;
  const environment = options.environment ?? process.env;
  const settings = resolveLlmCallSettings(options.settings);
  if (provider === "gemini") {
    const client = new GoogleGenAI({ apiKey: resolveGeminiApiKey(environment) });
    return new GeminiStructuredChat(client, model, { settings, environment });
  }
  const chatModel = createOpenAiChatModel(model, settings, environment);
  return new LangChainStructuredChat(chatModel, { provider, model, settings, environment });
}
