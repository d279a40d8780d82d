import type { Rng } from "../core/seeding.js";

/** Options of {@link retryWithBackoff}. */
export interface RetryWithBackoffOptions {
  /** Extra attempts after the first. */
  retries: number;
  /** Delay before the first retry, milliseconds; doubles each time. */
  initialMs: number;
  /** Upper bound of a delay, milliseconds. */
  maxMs: number;
  /** Source of the jitter (seeded: never `Math.random`). */
  rng: Rng;
  /** Whether a failure is worth another attempt. */
  isRetryable: (error: unknown) => boolean;
  /** Told about every retry before its delay (for logs and tests). */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
}

/**
 * How {@link retryWithBackoff} ended: the value, or the last error (not thrown, so the
 * caller turns it into its own error), with the number of attempts made.
 */
export type RetryOutcome<T> =
  | { ok: true; value: T; attempts: number }
  | { ok: false; error: unknown; attempts: number };

/**
 * Run `operation`, retrying retryable failures with exponential backoff and seeded
 * "equal jitter": delay = d/2 + rng·d/2 with d = min(maxMs, initialMs·2^retry). Never
 * rejects: a non-retryable error, or the last retryable one, comes back as `{ ok: false }`.
 */
export async function retryWithBackoff<T>(
  operation: (attempt: number) => Promise<T>,
  options: RetryWithBackoffOptions,
): Promise<RetryOutcome<T>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return { ok: true, value: await operation(attempt), attempts: attempt };
    } catch (error) {
      if (attempt > options.retries || !options.isRetryable(error)) return { ok: false, error, attempts: attempt };
      const ceiling = Math.min(options.maxMs, options.initialMs * 2 ** (attempt - 1));
      const delayMs = ceiling / 2 + (options.rng.next() * ceiling) / 2;
      options.onRetry?.(error, attempt, delayMs);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
