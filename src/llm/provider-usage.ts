import type { GeminiResponse } from "./gemini-client.js";
import { type TokenUsage, tokenCount } from "./token-usage.js";

/** `cachedInputTokens` when the provider reported a positive count, else nothing. */
function cachedOf(value: unknown): { cachedInputTokens?: number } {
  const cached = tokenCount(value);
  return cached > 0 ? { cachedInputTokens: cached } : {};
}

function field(value: unknown, name: string): unknown {
  return value !== null && typeof value === "object" ? (value as Record<string, unknown>)[name] : undefined;
}

/**
 * The usage of one LangChain AI message (`usage_metadata`): input and output tokens, and
 * the prompt tokens served from the provider's cache (OpenAI's
 * `prompt_tokens_details.cached_tokens`, which LangChain reports as
 * `input_token_details.cache_read`). Odd or absent counts read as 0.
 */
export function langChainUsage(message: unknown): TokenUsage {
  const usage = field(message, "usage_metadata");
  return {
    inputTokens: tokenCount(field(usage, "input_tokens")),
    outputTokens: tokenCount(field(usage, "output_tokens")),
    calls: 1,
    ...cachedOf(field(field(usage, "input_token_details"), "cache_read")),
  };
}

/**
 * The usage of one Gemini response (`usageMetadata`): prompt tokens, output tokens
 * (thinking tokens count as output), and the prompt tokens served from cached content
 * (`cachedContentTokenCount`).
 */
export function geminiUsage(response: GeminiResponse): TokenUsage {
  const metadata = response.usageMetadata ?? {};
  return {
    inputTokens: tokenCount(metadata.promptTokenCount),
    outputTokens: tokenCount(metadata.candidatesTokenCount) + tokenCount(metadata.thoughtsTokenCount),
    calls: 1,
    ...cachedOf(metadata.cachedContentTokenCount),
  };
}
