import { EnvriggerError } from "../../core/errors.js";

/**
 * The one real-time deadline of a MiniWoB env call, in milliseconds: how long everything a
 * reset or a step waits for in the browser may take together — starting Chromium, loading
 * the page, the action and the keyboard, the simulated clock's run, each settle (see
 * `PageDeadline`). A local task page settles in a few milliseconds on a quiet machine and
 * well under a second on a loaded one; the deadline is there so that a page that never
 * settles (a request that never ends, a script that never returns) cannot hang a run. It is
 * below the rollout's call deadline (30 s), so such an episode is errored and says why it
 * stopped, instead of being scored as a `timeout`.
 */
export const PAGE_DEADLINE_MS = 20_000;

/**
 * `PAGE_NOT_SETTLED`: the page did not finish `what` within `deadlineMs` of real time. The
 * episode ends as errored (an external error), never scored on a page read early.
 */
export function pageNotSettled(what: string, deadlineMs: number, cause?: unknown): EnvriggerError {
  return new EnvriggerError(
    "PAGE_NOT_SETTLED",
    `the miniwob page did not ${what} within ${deadlineMs} ms of real time; the episode is not scored`,
    { hint: "the machine may be overloaded; run fewer rollouts at once (--rollout-concurrency)", cause },
  );
}

/** True for Playwright's `TimeoutError` (an action or a navigation past its timeout). */
export function isPlaywrightTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === "TimeoutError";
}
