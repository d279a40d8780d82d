import { z } from "zod";
import { parseWith } from "../core/validate.js";

/**
 * How every structured LLM call is made: sampling (temperature, seed — passed where the
 * provider supports it), a per-call timeout, retries with exponential backoff on retryable
 * provider failures (429, 5xx, network errors, timeouts), and how often a model is asked
 * again after an invalid structured answer.
 */
export const llmCallSettingsSchema = z.object({
  temperature: z.number().min(0).max(2).optional(),
  seed: z.number().int().nonnegative().optional(),
  /** Milliseconds one provider call may take before it is abandoned (and retried). */
  timeoutMs: z.number().int().positive().default(120_000),
  /** Extra attempts after a retryable provider failure. */
  retries: z.number().int().min(0).max(10).default(3),
  /** Extra attempts after an answer that is missing, malformed or fails the schema. */
  outputRetries: z.number().int().min(0).max(5).default(1),
  backoff: z
    .object({
      /** Delay before the first retry; doubles each retry, with seeded jitter. */
      initialMs: z.number().nonnegative().default(500),
      maxMs: z.number().nonnegative().default(20_000),
    })
    .prefault({}),
});
/** Call settings with defaults filled in. */
export type LlmCallSettings = z.output<typeof llmCallSettingsSchema>;
/** Call settings as given (every field optional). */
export type LlmCallSettingsInput = z.input<typeof llmCallSettingsSchema>;

/** Settings with defaults filled in; bad values throw `BAD_CONFIG`. */
export function resolveLlmCallSettings(input: LlmCallSettingsInput = {}): LlmCallSettings {
  return parseWith(llmCallSettingsSchema, input, "LLM call settings", "BAD_CONFIG");
}
