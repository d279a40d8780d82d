import type { OpenEnvSessionGate, OpenEnvSessionHolder } from "./openenv-session-gate.js";

/** When an idle session may be reclaimed by a waiting holder. */
export interface OpenEnvLeaseTimings {
  /** After an episode ended (or before the first): idle this long, the session may go to a waiting holder. */
  idleSessionMs: number;
  /** During an episode: idle this long, the episode counts as abandoned and its session may go. */
  abandonedEpisodeMs: number;
}

/**
 * One env's claim on a session of its server's {@link OpenEnvSessionGate}. The env runs
 * each call that uses the connection in {@link use}, says when an episode is open, and
 * calls {@link ensure} before it opens a connection. The gate may take the session back
 * while the env is idle — between episodes after `idleSessionMs`, inside an episode only
 * after `abandonedEpisodeMs` — by calling `giveUp` (which closes the env's socket); the
 * next `ensure` waits for a session again.
 */
export class OpenEnvSessionLease implements OpenEnvSessionHolder {
  private held = false;
  private busy = 0;
  private lastActive = performance.now();
  private episodeOpen = false;
  private surrendering: Promise<void> | null = null;
  private ended = false;

  constructor(
    private readonly gate: OpenEnvSessionGate,
    private readonly timings: OpenEnvLeaseTimings,
    private readonly giveUp: () => Promise<void>,
  ) {}

  /** Whether the env holds a session now. */
  get holdsSession(): boolean {
    return this.held;
  }

  /** Wait until the env holds a session. */
  async ensure(): Promise<void> {
    if (this.surrendering) await this.surrendering;
    if (this.held || this.ended) return;
    this.busy += 1;
    try {
      await this.gate.acquire(this);
      this.held = true;
    } finally {
      this.busy -= 1;
      this.lastActive = performance.now();
    }
  }

  /** Run a call that uses the connection; the session is not reclaimed meanwhile. */
  async use<T>(call: () => Promise<T>): Promise<T> {
    this.busy += 1;
    try {
      return await call();
    } finally {
      this.busy -= 1;
      this.lastActive = performance.now();
    }
  }

  /** Whether an episode is in progress (its session is then kept much longer while idle). */
  setEpisodeOpen(open: boolean): void {
    this.episodeOpen = open;
  }

  /** Give the session back for good (the env is closing). */
  end(): void {
    this.ended = true;
    this.held = false;
    this.gate.release(this);
  }

  /** Give the session back without closing the env; the next `ensure` waits for one again. */
  drop(): void {
    this.held = false;
    this.gate.release(this);
  }

  reclaimable(): boolean {
    if (!this.held || this.busy > 0 || this.surrendering) return false;
    const idle = performance.now() - this.lastActive;
    return idle >= (this.episodeOpen ? this.timings.abandonedEpisodeMs : this.timings.idleSessionMs);
  }

  surrender(): Promise<void> {
    this.held = false;
    this.surrendering = this.giveUp()
      .catch(() => undefined)
      .finally(() => {
        this.surrendering = null;
      });
    return this.surrendering;
  }
}
