import { EnvriggerError } from "../core/errors.js";

/**
 * Run `operation` with an abort signal that fires after `timeoutMs`. When time runs out the
 * signal is aborted and the call rejects at once with a retryable `PROVIDER` error
 * (`details.timeout`), even if the operation ignores the signal.
 */
export async function callWithTimeout<T>(
  operation: (signal: AbortSignal) => Promise<T>,
  timeoutMs: number,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new EnvriggerError("PROVIDER", `the model gave no answer within ${timeoutMs} ms`, {
        details: { timeout: true, retryable: true },
      });
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    return await Promise.race([operation(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}
