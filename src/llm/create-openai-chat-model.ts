import { ChatOpenAI } from "@langchain/openai";
import type { LlmCallSettings } from "./llm-call-settings.js";
import { DEFAULT_OPENAI_BASE_URL, resolveOpenAiConnection } from "./openai-connection.js";

/**
 * A LangChain `ChatOpenAI` for `model`, configured from the environment only
 * (`OPENAI_API_KEY`, optional `OPENAI_BASE_URL`; on localhost no key is needed): Chat
 * Completions API, no streaming, the SDK's own retries off (envrigger retries), the call
 * timeout and the temperature of `settings`. Throws `MISSING_SECRET` for a missing key and
 * `BAD_CONFIG` for a malformed base URL; nothing is sent until the first call.
 */
export function createOpenAiChatModel(
  model: string,
  settings: LlmCallSettings,
  environment: NodeJS.ProcessEnv = process.env,
): ChatOpenAI {
  const connection = resolveOpenAiConnection(environment);
  return new ChatOpenAI({
    model,
    apiKey: connection.apiKey,
    configuration: { baseURL: connection.baseUrl ?? DEFAULT_OPENAI_BASE_URL, maxRetries: 0 },
    maxRetries: 0,
    timeout: settings.timeoutMs,
    streaming: false,
    useResponsesApi: false,
    ...(settings.temperature === undefined ? {} : { temperature: settings.temperature }),
  });
}
