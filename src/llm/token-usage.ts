import { z } from "zod";

/**
 * Tokens spent on LLM calls; summable (`addTokenUsage`). `calls` counts provider responses;
 * `cachedInputTokens`, the part of `inputTokens` the provider served from its prompt cache
 * (OpenAI `prompt_tokens_details.cached_tokens`, Gemini `cachedContentTokenCount`; absent
 * when the provider reports none).
 */
export const tokenUsageSchema = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  calls: z.number().int().nonnegative(),
  cachedInputTokens: z.number().int().nonnegative().optional(),
});
/** Tokens and provider responses spent. */
export type TokenUsage = z.infer<typeof tokenUsageSchema>;

/** No usage at all. */
export function emptyTokenUsage(): TokenUsage {
  return { inputTokens: 0, outputTokens: 0, calls: 0 };
}

/** The sum of any number of usages. */
export function addTokenUsage(...usages: TokenUsage[]): TokenUsage {
  const total = emptyTokenUsage();
  let cached = 0;
  for (const usage of usages) {
    total.inputTokens += usage.inputTokens;
    total.outputTokens += usage.outputTokens;
    total.calls += usage.calls;
    cached += usage.cachedInputTokens ?? 0;
  }
  return cached > 0 ? { ...total, cachedInputTokens: cached } : total;
}

/** A count from a provider's usage record: a non-negative integer, 0 when absent or odd. */
export function tokenCount(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
}
