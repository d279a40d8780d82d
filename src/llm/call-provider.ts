import type { Rng } from "../core/seeding.js";
import { callWithTimeout } from "./call-with-timeout.js";
import { classifyProviderError } from "./classify-provider-error.js";
import type { LlmCallSettings } from "./llm-call-settings.js";
import { retryWithBackoff } from "./retry-with-backoff.js";
import { toProviderError } from "./to-provider-error.js";

/** Who is called, how, and who hears about retries. */
export interface ProviderCallContext {
  provider: string;
  model: string;
  settings: LlmCallSettings;
  /** Jitter source of the backoff (seeded). */
  rng: Rng;
  /** Environment whose secrets are redacted from error messages (default `process.env`). */
  environment?: NodeJS.ProcessEnv;
  /** Told about every retry (for diagnostics). */
  onRetry?: (error: unknown, attempt: number) => void;
}

/**
 * One provider request as every caller makes it — designers, policies and extractors: the
 * per-call timeout of `settings`, retries of retryable failures (timeouts, 429, 5xx,
 * network errors) with seeded exponential backoff. A failure that persists, or one that is
 * not retryable, is thrown as a `PROVIDER` `EnvriggerError` naming the provider, model and
 * attempts, with secrets redacted (other envrigger errors pass through unchanged).
 */
export async function callProvider<T>(
  request: (signal: AbortSignal) => Promise<T>,
  context: ProviderCallContext,
): Promise<T> {
  const { settings } = context;
  const outcome = await retryWithBackoff(() => callWithTimeout(request, settings.timeoutMs), {
    retries: settings.retries,
    initialMs: settings.backoff.initialMs,
    maxMs: settings.backoff.maxMs,
    rng: context.rng,
    isRetryable: (error) => classifyProviderError(error).retryable,
    ...(context.onRetry ? { onRetry: context.onRetry } : {}),
  });
  if (!outcome.ok) {
    throw toProviderError(outcome.error, {
      provider: context.provider,
      model: context.model,
      attempts: outcome.attempts,
      environment: context.environment,
    });
  }
  return outcome.value;
}
