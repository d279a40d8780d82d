import { EnvriggerError } from "../core/errors.js";

/**
 * Default deadline of one env or policy call (reset, tools, step, evaluate, start, act):
 * 30 s — about a thousand times a scripted step, and well above a sandboxed BugFix test
 * run; a call past it ends its episode with stop reason `timeout`. LLM policies declare
 * their own (`Policy.callTimeoutMs`: their per-request timeout over every retry).
 */
export const DEFAULT_CALL_TIMEOUT_MS = 30_000;

/** Thrown when a call outlives its deadline; the episode ends with stop reason `timeout`. */
export class CallDeadlineError extends EnvriggerError {
  constructor(what: string, timeoutMs: number) {
    super("CALL_TIMEOUT", `${what} gave no answer within ${timeoutMs} ms (call deadline)`);
    this.name = "CallDeadlineError";
  }
}

/**
 * Await `value` for at most `timeoutMs` (no limit when not finite). The timer keeps the
 * process alive while it waits, so a promise that never settles cannot end the process
 * with an unsettled top-level await; it is cleared as soon as the call settles.
 */
export async function withDeadline<T>(value: T | Promise<T>, timeoutMs: number, what: string): Promise<T> {
  if (!(value instanceof Promise) || !Number.isFinite(timeoutMs)) return value;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new CallDeadlineError(what, timeoutMs)), timeoutMs);
  });
  try {
    return await Promise.race([value, expired]);
  } finally {
    clearTimeout(timer);
  }
}
