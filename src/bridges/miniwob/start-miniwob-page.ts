import type { Page } from "playwright-core";
import { EnvriggerError } from "../../core/errors.js";
import { jsonEqual, type Json } from "../../core/json.js";
import { parseWith } from "../../core/validate.js";
import { DOM_VIEW_SCRIPT, startEpisodeScript } from "./dom-view-script.js";
import { MINIWOB_EPOCH } from "./miniwob-browser.js";
import { miniwobTaskUrl } from "./miniwob-task-catalog.js";
import { domReadingSchema, type DomReading } from "./web-element.js";

/**
 * The page's own episode timer (`core.EPISODE_MAX_TIME`), in simulated milliseconds: far
 * beyond any turn budget (at one simulated second per action), so the page never times an
 * episode out and the turn budget alone ends unfinished ones.
 */
export const MINIWOB_EPISODE_MAX_TIME_MS = 1_000_000_000;

/** Real milliseconds between two readings while the page settles, and how many readings at most. */
const SETTLE_PAUSE_MS = 25;
const SETTLE_READINGS = 40;

async function readOnce(page: Page): Promise<DomReading> {
  return parseWith(domReadingSchema, await page.evaluate(DOM_VIEW_SCRIPT), "the page's DOM view", "INTERNAL");
}

/**
 * Read the DOM view, the utterance and MiniWoB's episode flags from the page, once it has
 * settled: what loads outside the simulated clock (images, CSS `content: url(…)` icons) can
 * change the layout for a few real milliseconds, so the page is read until no image is
 * pending and two readings agree (at most {@link SETTLE_READINGS}, {@link SETTLE_PAUSE_MS}
 * ms apart).
 */
export async function readMiniwobPage(page: Page): Promise<DomReading> {
  let reading = await readOnce(page);
  for (let index = 1; index < SETTLE_READINGS; index++) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_PAUSE_MS));
    const again = await readOnce(page);
    if (again.pendingImages === 0 && jsonEqual(again as unknown as Json, reading as unknown as Json)) return again;
    reading = again;
  }
  return reading;
}

/**
 * Load a task page with the simulated clock at {@link MINIWOB_EPOCH} and start a seeded
 * episode (`Math.seedrandom(seed); core.startEpisodeReal()`); throws `INTERNAL` when the page
 * is not a MiniWoB task or its generator fails.
 */
export async function startMiniwobPage(page: Page, taskId: string, seed: number): Promise<DomReading> {
  await page.clock.setSystemTime(MINIWOB_EPOCH);
  await page.goto(miniwobTaskUrl(taskId), { waitUntil: "load" });
  const failure = (await page.evaluate(startEpisodeScript(seed, MINIWOB_EPISODE_MAX_TIME_MS))) as string | null;
  if (failure !== null) throw new EnvriggerError("INTERNAL", `miniwob task ${taskId} did not start: ${failure}`);
  return readMiniwobPage(page);
}
