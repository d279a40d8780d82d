import { performance } from "node:perf_hooks";
import { isPlaywrightTimeout, PAGE_DEADLINE_MS, pageNotSettled } from "./page-not-settled.js";

/**
 * The one real-time deadline of a MiniWoB env call (a reset, a step, one replayed action),
 * started when the call starts: everything the bridge waits for in that call — starting the
 * browser, loading the page, the page-side scripts, the browser action, the keyboard, the
 * simulated clock running its timers, each settle — races the same deadline, so the call
 * answers within {@link PAGE_DEADLINE_MS} or ends with `PAGE_NOT_SETTLED` (errored, not
 * scored). Below the rollout's call deadline (30 s), it keeps a slow page from reaching it:
 * a call past that ends in a `timeout`, which is scored as a failure.
 */
export class PageDeadline {
  private readonly end: number;

  constructor(readonly deadlineMs: number = PAGE_DEADLINE_MS) {
    this.end = performance.now() + deadlineMs;
  }

  /** Milliseconds left (at least 1), for Playwright calls that take a `timeout` of their own. */
  remainingMs(): number {
    return Math.max(1, Math.ceil(this.end - performance.now()));
  }

  /**
   * `work`, or `PAGE_NOT_SETTLED` naming `what` once the deadline has passed; a Playwright
   * timeout inside `work` (its own `timeout` set from {@link remainingMs}) is the same error.
   * What `work` was waiting for may go on in the browser: the episode is over, and the env
   * is closed or its page reloaded before it is used again.
   */
  async within<T>(work: Promise<T>, what: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(pageNotSettled(what, this.deadlineMs)),
        Math.max(0, this.end - performance.now()),
      );
    });
    // Work cut short by the deadline may reject later (the page closed): not an unhandled rejection.
    work.catch(() => undefined);
    try {
      return await Promise.race([work, expired]);
    } catch (error) {
      throw isPlaywrightTimeout(error) ? pageNotSettled(what, this.deadlineMs, error) : error;
    } finally {
      clearTimeout(timer);
    }
  }
}
