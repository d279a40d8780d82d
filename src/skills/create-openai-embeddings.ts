import { OpenAIEmbeddings } from "@langchain/openai";
import { DEFAULT_OPENAI_BASE_URL, resolveOpenAiConnection } from "../llm/openai-connection.js";

/** Options of {@link createOpenAiEmbeddings}. */
export interface CreateOpenAiEmbeddingsOptions {
  /** Where keys and URLs are read from (default `process.env`). */
  environment?: NodeJS.ProcessEnv;
  /** Milliseconds per request. Default 60 000. */
  timeoutMs?: number;
  /** Retries of a failed request (LangChain's backoff). Default 3. */
  retries?: number;
}

/**
 * LangChain `OpenAIEmbeddings` for `model`, configured like the chat models — from the
 * environment only (`OPENAI_API_KEY`, optional `OPENAI_BASE_URL`; a localhost server needs
 * no key) — so it reaches OpenAI or any OpenAI-compatible server (vLLM, Ollama, llama.cpp).
 * Vectors are requested as plain floats (not every compatible server speaks base64).
 */
export function createOpenAiEmbeddings(model: string, options: CreateOpenAiEmbeddingsOptions = {}): OpenAIEmbeddings {
  const connection = resolveOpenAiConnection(options.environment ?? process.env);
  return new OpenAIEmbeddings({
    model,
    apiKey: connection.apiKey,
    configuration: { baseURL: connection.baseUrl ?? DEFAULT_OPENAI_BASE_URL },
    encodingFormat: "float",
    timeout: options.timeoutMs ?? 60_000,
    maxRetries: options.retries ?? 3,
  });
}
