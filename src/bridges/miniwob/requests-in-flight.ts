import type { Page, Request } from "playwright-core";

/**
 * The requests a page has started and not yet finished (loaded or failed), followed through
 * Playwright's `request`, `requestfinished` and `requestfailed` events (the task pages are
 * local files: their images, styles and scripts come from `file://`, which these events
 * report too). A page is read only once nothing is in flight.
 */
export class RequestsInFlight {
  private readonly pending = new Set<Request>();
  private waiters: Array<() => void> = [];

  constructor(page: Page) {
    page.on("request", (request) => this.pending.add(request));
    page.on("requestfinished", (request) => this.done(request));
    page.on("requestfailed", (request) => this.done(request));
  }

  /** How many requests are in flight now. */
  get count(): number {
    return this.pending.size;
  }

  /** Resolves when no request is in flight (at once when none is); it has no deadline of its own. */
  idle(): Promise<void> {
    if (this.pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Stop following what is in flight (before a new page load: the old page's requests no longer matter). */
  forget(): void {
    this.pending.clear();
    this.wake();
  }

  private done(request: Request): void {
    this.pending.delete(request);
    if (this.pending.size === 0) this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
