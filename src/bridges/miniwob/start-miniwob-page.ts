import type { Page } from "playwright-core";
import { EnvriggerError } from "../../core/errors.js";
import { parseWith } from "../../core/validate.js";
import { DOM_VIEW_SCRIPT, startEpisodeScript } from "./dom-view-script.js";
import { MINIWOB_EPOCH } from "./miniwob-browser.js";
import { miniwobTaskUrl } from "./miniwob-task-catalog.js";
import type { MiniwobPage } from "./miniwob-page.js";
import { PageDeadline } from "./page-deadline.js";
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

/**
 * Read the DOM view, the utterance and MiniWoB's episode flags from the page once it has
 * settled. Simulated time does not pass here; what the page still does in real time is
 * waited for by its events, not by pauses: a rendering update of the browser's own, every
 * image and font loaded, no request in flight (see `SETTLE_PAGE_SCRIPT`). The page is read
 * again after every round that changed or loaded something, until a round finds nothing.
 * Past the `deadline` (the env call's, by default a fresh one of `PAGE_DEADLINE_MS`) the
 * reading throws `PAGE_NOT_SETTLED` (an external error: the episode ends as errored, not as a
 * failure) — never a reading taken early.
 */
export async function readMiniwobPage(
  { page, requests }: MiniwobPage,
  deadline: PageDeadline = new PageDeadline(),
): Promise<DomReading> {
  const what = "settle (images, fonts or requests still loading)";
  for (;;) {
    const busy = await deadline.within(page.evaluate(SETTLE_PAGE_SCRIPT) as Promise<boolean>, what);
    const loading = requests.count > 0;
    await deadline.within(requests.idle(), what);
    // The reading itself can start loads: a CSS image it sees for the first time.
    const reading = await deadline.within(readOnce(page), what);
    if (!busy && !loading && reading.pendingImages === 0 && requests.count === 0) return reading;
  }
}

/**
 * Load a task page with the simulated clock at {@link MINIWOB_EPOCH} and start a seeded
 * episode (`Math.seedrandom(seed); core.startEpisodeReal()`); throws `INTERNAL` when the page
 * is not a MiniWoB task or its generator fails, `PAGE_NOT_SETTLED` when the whole of it (the
 * clock, the load, the start script, the settle) does not finish within `deadline`.
 */
export async function startMiniwobPage(
  live: MiniwobPage,
  taskId: string,
  seed: number,
  deadline: PageDeadline = new PageDeadline(),
): Promise<DomReading> {
  const { page, requests } = live;
  const what = `load ${taskId}`;
  await deadline.within(page.clock.setSystemTime(MINIWOB_EPOCH), what);
  requests.forget();
  await deadline.within(
    page.goto(miniwobTaskUrl(taskId), { waitUntil: "load", timeout: deadline.remainingMs() }),
    what,
  );
  const failure = (await deadline.within(
    page.evaluate(startEpisodeScript(seed, MINIWOB_EPISODE_MAX_TIME_MS)),
    `start ${taskId}`,
  )) as string | null;
  if (failure !== null) throw new EnvriggerError("INTERNAL", `miniwob task ${taskId} did not start: ${failure}`);
  return readMiniwobPage(live, deadline);
}
