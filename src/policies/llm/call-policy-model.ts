import type { Rng } from "../../core/seeding.js";
import { callWithTimeout } from "../../llm/call-with-timeout.js";
import { classifyProviderError } from "../../llm/classify-provider-error.js";
import type { LlmCallSettings } from "../../llm/llm-call-settings.js";
import { retryWithBackoff } from "../../llm/retry-with-backoff.js";
import { toProviderError } from "../../llm/to-provider-error.js";
import type { PolicyChatModel, PolicyModelReply, PolicyModelRequest } from "./policy-chat-model.js";

/** How a policy calls its model. */
export interface PolicyModelCallContext {
  settings: LlmCallSettings;
  /** Jitter source of the backoff (seeded). */
  rng: Rng;
  /** Environment whose secrets are redacted from error messages (default `process.env`). */
  environment?: NodeJS.ProcessEnv;
  /** Told about every retry (for diagnostics). */
  onRetry?: (error: unknown, attempt: number) => void;
}

/**
 * Send one policy request with the per-call timeout of `settings`, retrying retryable
 * failures (timeouts, 429, 5xx, network errors) with seeded exponential backoff. A failure
 * that persists, or one that is not retryable, is thrown as a `PROVIDER` `EnvriggerError`
 * naming the provider, model and attempts, with secrets redacted (other envrigger errors
 * pass through unchanged).
 */
export async function callPolicyModel(
  model: PolicyChatModel,
  request: PolicyModelRequest,
  context: PolicyModelCallContext,
): Promise<PolicyModelReply> {
  const { settings } = context;
  const outcome = await retryWithBackoff(
    () => callWithTimeout((signal) => model.complete(request, signal), settings.timeoutMs),
    {
      retries: settings.retries,
      initialMs: settings.backoff.initialMs,
      maxMs: settings.backoff.maxMs,
      rng: context.rng,
      isRetryable: (error) => classifyProviderError(error).retryable,
      onRetry: (error, attempt) => context.onRetry?.(error, attempt),
    },
  );
  if (!outcome.ok) {
    throw toProviderError(outcome.error, {
      provider: model.provider,
      model: model.model,
      attempts: outcome.attempts,
      environment: context.environment,
    });
  }
  return outcome.value;
}
