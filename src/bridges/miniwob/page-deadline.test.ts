import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumForTests } from "../../testing/chromium-for-tests.js";
import { launchChromium } from "./miniwob-browser.js";
import { MiniwobEnv } from "./miniwob-env.js";
import { MiniwobTaskCatalog } from "./miniwob-task-catalog.js";

describe.skipIf(!chromiumForTests("miniwob page deadline"))("the one real-time deadline of a miniwob env call", () => {
  let browser: Browser;
  const catalog = MiniwobTaskCatalog.read();
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("ends a step whose page never gives the clock back with PAGE_NOT_SETTLED, and the next episode starts", async () => {
    const env = new MiniwobEnv(catalog, { browser, pageDeadlineMs: 3_000 });
    try {
      await env.reset({ taskId: "click-button", seed: 1 });
      const page = browser.contexts().flatMap((context) => context.pages())[0]!;
      // A timer of the task's own that never returns: the step's simulated second runs it,
      // and the clock (a page call with no deadline of its own) never answers.
      await page.evaluate("setTimeout(() => { for (;;); }, 10)");
      await expect(env.step({ name: "scroll", args: {} })).rejects.toMatchObject({
        code: "PAGE_NOT_SETTLED",
        category: "external",
      });
      // The stuck page is gone; the same env starts the next episode on a fresh one.
      const next = await env.reset({ taskId: "click-button", seed: 1 });
      expect(next.info.utterance).toEqual(expect.any(String));
    } finally {
      await env.close();
    }
  }, 90_000);

  it("discards a browser launch that an env close overtook: the reset fails and no Chromium stays behind", async () => {
    const env = new MiniwobEnv(catalog);
    const reset = env.reset({ taskId: "click-button", seed: 1 });
    // The close comes while Chromium is still starting (a call past its deadline is closed this way).
    await env.close();
    await expect(reset).rejects.toMatchObject({ code: "ENV_CLOSED" });
  }, 90_000);
});
