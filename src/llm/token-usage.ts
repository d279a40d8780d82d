import { z } from "zod";

/** Tokens spent on LLM calls; summable (`addTokenUsage`). `calls` counts provider responses. */
export const tokenUsageSchema = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  calls: z.number().int().nonnegative(),
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
  for (const usage of usages) {
    total.inputTokens += usage.inputTokens;
    total.outputTokens += usage.outputTokens;
    total.calls += usage.calls;
  }
  return total;
}

/** A count from a provider's usage record: a non-negative integer, 0 when absent or odd. */
export function tokenCount(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
}
