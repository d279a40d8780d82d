import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { chromiumForTests } from "../../testing/chromium-for-tests.js";
import { launchChromium } from "./miniwob-browser.js";
import { PageDeadline } from "./page-deadline.js";
import { RequestsInFlight } from "./requests-in-flight.js";
import { readMiniwobPage } from "./start-miniwob-page.js";

/** A 1 × 1 PNG. */
const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);
const ORIGIN = "http://envrigger.test";

describe.skipIf(!chromiumForTests("miniwob page settling"))("reading a page once it has settled", () => {
  let browser: Browser;
  let page: Page;
  let requests: RequestsInFlight;
  /** Paths asked for, and the answers held back until a test releases them. */
  let asked: string[];
  let held: Map<string, () => void>;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    const context = await browser.newContext();
    page = await context.newPage();
    requests = new RequestsInFlight(page);
    asked = [];
    held = new Map();
    await page.route(`${ORIGIN}/**`, async (route) => {
      const path = new URL(route.request().url()).pathname;
      asked.push(path);
      if (path.startsWith("/held/")) await new Promise<void>((release) => held.set(path, release));
      if (path.endsWith(".png")) await route.fulfill({ status: 200, contentType: "image/png", body: PIXEL });
      else await route.fulfill({ status: 200, contentType: "text/html", body: "<p>unused</p>" });
    });
  });

  afterEach(async () => {
    for (const release of held.values()) release();
    await page.context().close();
  });

  const open = async (body: string) => {
    await page.route(`${ORIGIN}/page.html`, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: `<html><body>${body}</body></html>` }),
    );
    await page.goto(`${ORIGIN}/page.html`, { waitUntil: "domcontentloaded" });
  };

  it("waits for an image still in flight, by its load event, however long it takes", async () => {
    await open(`<p>before</p>`);
    // The image is added after the load, as a task's generator does; its answer is held.
    await page.evaluate(`(() => {
      const image = document.createElement("img");
      image.src = "${ORIGIN}/held/late.png"; image.alt = "late"; image.width = 20; image.height = 20;
      document.body.appendChild(image);
    })()`);
    const reading = readMiniwobPage({ page, requests });
    let settled = false;
    void reading.then(() => {
      settled = true;
    });
    await expect.poll(() => held.has("/held/late.png")).toBe(true);
    // Held for a while: a reading loop on a count of pauses would have given up by now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(settled).toBe(false);
    held.get("/held/late.png")?.();
    const view = await reading;
    expect(view.pendingImages).toBe(0);
    expect(view.elements.some((element) => element.kind === "box" && element.name === "late")).toBe(true);
  });

  it("fetches the images of style rules that do not apply yet (a :hover icon) before reading", async () => {
    await open(`<style>.icon { content: url(plain.png); width: 10px; } .icon:hover { content: url(hover.png); }</style>
      <span class="icon"></span>`);
    await readMiniwobPage({ page, requests });
    expect(asked).toContain("/hover.png");
    expect(requests.count).toBe(0);
  });

  it("ends with PAGE_NOT_SETTLED when a request never finishes, rather than reading early", async () => {
    await open(`<p>text</p><img src="${ORIGIN}/held/never.png" alt="never">`);
    await expect(readMiniwobPage({ page, requests }, new PageDeadline(800))).rejects.toMatchObject({
      code: "PAGE_NOT_SETTLED",
      category: "external",
    });
  });
});
