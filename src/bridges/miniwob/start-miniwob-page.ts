import type { Page } from "playwright-core";
import { EnvriggerError } from "../../core/errors.js";
import { isPlaywrightTimeout, PAGE_DEADLINE_MS, pageNotSettled } from "./page-not-settled.js";
import { parseWith } from "../../core/validate.js";
import { DOM_VIEW_SCRIPT, startEpisodeScript } from "./dom-view-script.js";
import { MINIWOB_EPOCH } from "./miniwob-browser.js";
import { miniwobTaskUrl } from "./miniwob-task-catalog.js";
import type { MiniwobPage } from "./miniwob-page.js";
import { SETTLE_PAGE_SCRIPT } from "./settle-page-script.js";
import { domReadingSchema, type DomReading } from "./web-element.js";

/**
 * The page's own episode timer (`core.EPISODE_MAX_TIME`), in simulated milliseconds: far
 * beyond any turn budget (at one simulated second per action), so the page never times an
 * episode out and the turn budget alone ends unfinished ones.
 */
export const MINIWOB_EPISODE_MAX_TIME_MS = 1_000_000_000;

async function readOnce(page: Page): Promise<DomReading> {
  return parseWith(domReadingSchema, await page.evaluate(DOM_VIEW_SCRIPT), "the page's DOM view", "INTERNAL");
}

/** `work`, or `PAGE_NOT_SETTLED` once the real-time `deadline` (a `performance.now()` time) passes. */
async function beforeDeadline<T>(work: Promise<T>, deadline: number, deadlineMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(pageNotSettled("settle (images, fonts or requests still loading)", deadlineMs)),
      Math.max(0, deadline - performance.now()),
    );
  });
  // A page-side wait cut short by the deadline may reject later (the page is reloaded): not an unhandled rejection.
  work.catch(() => undefined);
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Read the DOM view, the utterance and MiniWoB's episode flags from the page once it has
 * settled. Simulated time does not pass here; what the page still does in real time is
 * waited for by its events, not by pauses: a rendering update of the browser's own, every
 * image and font loaded, no request in flight (see `SETTLE_PAGE_SCRIPT`). The page is read
 * again after every round that changed or loaded something, until a round finds nothing.
 * Past `deadlineMs` of real time the reading throws `PAGE_NOT_SETTLED` (an external error:
 * the episode ends as errored, not as a failure) — never a reading taken early.
 */
export async function readMiniwobPage(
  { page, requests }: MiniwobPage,
  deadlineMs: number = PAGE_DEADLINE_MS,
): Promise<DomReading> {
  const deadline = performance.now() + deadlineMs;
  for (;;) {
    const busy = await beforeDeadline(page.evaluate(SETTLE_PAGE_SCRIPT) as Promise<boolean>, deadline, deadlineMs);
    const loading = requests.count > 0;
    await beforeDeadline(requests.idle(), deadline, deadlineMs);
    // The reading itself can start loads: a CSS image it sees for the first time.
    const reading = await beforeDeadline(readOnce(page), deadline, deadlineMs);
    if (!busy && !loading && reading.pendingImages === 0 && requests.count === 0) return reading;
  }
}

/**
 * Load a task page with the simulated clock at {@link MINIWOB_EPOCH} and start a seeded
 * episode (`Math.seedrandom(seed); core.startEpisodeReal()`); throws `INTERNAL` when the page
 * is not a MiniWoB task or its generator fails, `PAGE_NOT_SETTLED` when it does not settle.
 */
export async function startMiniwobPage(live: MiniwobPage, taskId: string, seed: number): Promise<DomReading> {
  const { page, requests } = live;
  await page.clock.setSystemTime(MINIWOB_EPOCH);
  requests.forget();
  try {
    await page.goto(miniwobTaskUrl(taskId), { waitUntil: "load", timeout: PAGE_DEADLINE_MS });
  } catch (error) {
    throw isPlaywrightTimeout(error) ? pageNotSettled(`load ${taskId}`, PAGE_DEADLINE_MS, error) : error;
  }
  const failure = (await page.evaluate(startEpisodeScript(seed, MINIWOB_EPISODE_MAX_TIME_MS))) as string | null;
  if (failure !== null) throw new EnvriggerError("INTERNAL", `miniwob task ${taskId} did not start: ${failure}`);
  return readMiniwobPage(live);
}
