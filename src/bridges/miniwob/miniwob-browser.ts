import type { Browser, BrowserContext } from "playwright-core";
import { EnvriggerError, errorMessage } from "../../core/errors.js";
import { CHROMIUM_INSTALL_HINT, requireChromium } from "./find-chromium.js";
import { PAGE_DEADLINE_MS } from "./page-not-settled.js";
import { RequestsInFlight } from "./requests-in-flight.js";
import type { MiniwobPage } from "./miniwob-page.js";

/**
 * Chromium's switches for a quiet, reproducible headless browser: no sandbox (containers
 * lack user namespaces), no GPU, no QUIC, and none of the background traffic a first run,
 * component updates or sync would start. Playwright adds `--headless` and a fresh
 * `--user-data-dir` (a new temporary profile per launch, removed on close).
 */
export const CHROMIUM_ARGUMENTS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The simulated wall-clock time every episode starts at (the page's `Date`). */
export const MINIWOB_EPOCH = Date.parse("2024-01-15T12:00:00.000Z");

/** MiniWoB's pages are laid out for a 160 × 210 area; a small viewport holds all of it. */
const VIEWPORT = { width: 400, height: 400 };

/**
 * One headless Chromium with one page, launched on first use and reused across episodes.
 * The page's clock is Playwright's fake clock, paused: time moves only when the env
 * advances it, so timers, animations and `Date` are the same in every run.
 */
export class MiniwobBrowser {
  private browser: Browser | null = null;
  private current: MiniwobPage | null = null;
  private launching: Promise<MiniwobPage> | null = null;
  private context: BrowserContext | null = null;
  /** One more at every close: a launch that ends after a close it began before is discarded. */
  private generation = 0;

  /**
   * `executablePath`: the Chromium to launch (default: found by `requireChromium`).
   * `shared`: a browser someone else launched and closes — this one then opens only its own
   * context and page in it, and closing closes just those (for running many envs on one
   * browser, e.g. in benchmarks).
   */
  constructor(
    private readonly executablePath: string | null = null,
    private readonly shared: Browser | null = null,
  ) {}

  /** The page (with the requests it has in flight), launching the browser the first time. */
  page(): Promise<MiniwobPage> {
    if (this.current) return Promise.resolve(this.current);
    if (!this.launching) {
      const launching = this.launch(this.generation).finally(() => {
        if (this.launching === launching) this.launching = null;
      });
      this.launching = launching;
    }
    return this.launching;
  }

  private async launch(generation: number): Promise<MiniwobPage> {
    const browser = this.shared ?? (await launchChromium(this.executablePath ?? requireChromium()));
    let context: BrowserContext | null = null;
    const discard = async () => {
      await context?.close().catch(() => undefined);
      if (!this.shared) await browser.close().catch(() => undefined);
    };
    try {
      context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, reducedMotion: "reduce" });
      const page = await context.newPage();
      const requests = new RequestsInFlight(page);
      page.setDefaultTimeout(PAGE_DEADLINE_MS);
      // Alerts and confirms would block the page: accept them, as a user clicking OK would.
      page.on("dialog", (dialog) => void dialog.accept().catch(() => undefined));
      await page.clock.install({ time: MINIWOB_EPOCH });
      await page.clock.pauseAt(MINIWOB_EPOCH + 1000);
      if (generation !== this.generation) {
        // Closed while launching (an env call gave up waiting): no Chromium outlives the close.
        await discard();
        throw new EnvriggerError("ENV_CLOSED", "the miniwob browser was closed while it started");
      }
      if (!this.shared) this.browser = browser;
      this.context = context;
      this.current = { page, requests };
      return this.current;
    } catch (error) {
      await discard();
      throw error;
    }
  }

  /**
   * Close the browser (its process ends and its profile is removed). Safe to call twice. A
   * launch still under way is not waited for: it closes what it started when it ends.
   */
  async close(): Promise<void> {
    this.generation += 1;
    this.launching = null;
    const browser = this.browser;
    const context = this.context;
    this.browser = null;
    this.context = null;
    this.current = null;
    if (context) await context.close().catch(() => undefined);
    if (browser) await browser.close().catch(() => undefined);
  }
}

/** Launch headless Chromium with {@link CHROMIUM_ARGUMENTS}; a failure is `BROWSER_UNAVAILABLE` with install instructions. */
export async function launchChromium(executablePath: string = requireChromium()): Promise<Browser> {
  const { chromium } = await import("playwright-core");
  try {
    // Signals stay the process's own: Playwright's handlers would swallow SIGTERM/SIGINT (the
    // run would go on without its browser). Chromium ends by itself when its pipe closes.
    return await chromium.launch({
      executablePath,
      headless: true,
      args: [...CHROMIUM_ARGUMENTS],
      timeout: 60_000,
      handleSIGTERM: false,
      handleSIGINT: false,
      handleSIGHUP: false,
    });
  } catch (error) {
    throw new EnvriggerError(
      "BROWSER_UNAVAILABLE",
      `Chromium at ${executablePath} did not start: ${errorMessage(error).split("\n")[0]}`,
      { hint: CHROMIUM_INSTALL_HINT, cause: error },
    );
  }
}
