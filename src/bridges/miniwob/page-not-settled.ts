import { EnvriggerError } from "../../core/errors.js";

/**
 * The one real-time deadline of a MiniWoB page, in milliseconds: how long loading a task
 * page, one browser action, or settling after it may take. A local task page settles in a
 * few milliseconds on a quiet machine and well under a second on a loaded one; the deadline
 * is there so that a page that never settles (a request that never ends) cannot hang a run.
 * It is below the rollout's call deadline (30 s), so such an episode says why it stopped.
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
