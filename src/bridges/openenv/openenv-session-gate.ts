/** Something that holds one of a server's sessions and can be asked to give it up. */
export interface OpenEnvSessionHolder {
  /** Whether the session can be taken away now (no call in flight, idle long enough; see `OpenEnvSessionLease`). */
  reclaimable(): boolean;
  /** Give the session up: close its socket (keeping what the holder still needs). Never rejects. */
  surrender(): Promise<void>;
}

interface Waiter {
  holder: OpenEnvSessionHolder;
  grant: () => void;
}

/** How often waiters look again for a holder that became reclaimable. */
const sweepMs = 50;

/**
 * The sessions of one OpenEnv server as this process uses them: OpenEnv serves
 * `max_concurrent_envs` sessions (default 1) and refuses the next connection with
 * CAPACITY_REACHED. The gate learns the capacity (from the server's metadata, a probe, or
 * the first refusal) and grants sessions up to it; a holder beyond it waits, first come
 * first served, until a session is released or an idle holder (e.g. the pooled env of a
 * stack no longer rolled out) is reclaimed. Unknown capacity: every request is granted.
 * Sessions held by other processes are not seen here: a refusal despite a grant is left
 * to the caller's retries.
 */
export class OpenEnvSessionGate {
  private knownCapacity: number | null = null;
  private discovery: Promise<void> | null = null;
  private readonly holders = new Set<OpenEnvSessionHolder>();
  private readonly reclaiming = new Set<OpenEnvSessionHolder>();
  private readonly waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | null = null;

  /** The number of sessions the server takes, once known. */
  get capacity(): number | null {
    return this.knownCapacity;
  }

  /** Sessions granted and not yet released. */
  get granted(): number {
    return this.holders.size;
  }

  /** Holders waiting for a session. */
  get waiting(): number {
    return this.waiters.length;
  }

  /**
   * Learn the capacity once: `find` runs for the first caller (the others wait for it); a
   * `null` answer or a failure leaves it unknown and lets the next caller try again.
   */
  async discover(find: () => Promise<number | null>): Promise<void> {
    if (this.knownCapacity !== null) return;
    this.discovery ??= find()
      .then((found) => {
        if (found !== null) this.learnCapacity(found);
      })
      .catch(() => undefined)
      .finally(() => {
        this.discovery = null;
      });
    await this.discovery;
  }

  /** Record the server's capacity (e.g. `max_sessions` of a CAPACITY_REACHED reply). */
  learnCapacity(capacity: number): void {
    if (!Number.isInteger(capacity) || capacity < 1) return;
    this.knownCapacity = capacity;
    this.schedule();
  }

  /** Whether more sessions are granted than the server takes (a grant made before the capacity was known). */
  get overCommitted(): boolean {
    return this.knownCapacity !== null && this.holders.size > this.knownCapacity;
  }

  /** Resolves once `holder` has a session (at once when one is free or the capacity is unknown). */
  acquire(holder: OpenEnvSessionHolder): Promise<void> {
    if (this.holders.has(holder)) return Promise.resolve();
    if (this.waiters.length === 0 && this.hasRoom()) {
      this.holders.add(holder);
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.waiters.push({ holder, grant: resolve });
      this.schedule();
    });
  }

  /** Give a session back (or stop waiting for one). Idempotent. */
  release(holder: OpenEnvSessionHolder): void {
    const index = this.waiters.findIndex((waiter) => waiter.holder === holder);
    if (index >= 0) this.waiters.splice(index, 1);
    this.holders.delete(holder);
    this.schedule();
  }

  private hasRoom(): boolean {
    return this.knownCapacity === null || this.holders.size < this.knownCapacity;
  }

  /** Grant what fits, reclaim idle holders for the rest, and look again later while anyone waits. */
  private schedule(): void {
    while (this.waiters.length > 0 && this.hasRoom()) {
      const waiter = this.waiters.shift() as Waiter;
      this.holders.add(waiter.holder);
      waiter.grant();
    }
    let wanted = this.waiters.length - this.reclaiming.size;
    for (const holder of this.holders) {
      if (wanted <= 0) break;
      if (this.reclaiming.has(holder) || !holder.reclaimable()) continue;
      wanted -= 1;
      this.reclaiming.add(holder);
      void holder.surrender().finally(() => {
        this.reclaiming.delete(holder);
        this.holders.delete(holder);
        this.schedule();
      });
    }
    if (this.waiters.length > 0 && this.timer === null) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.schedule();
      }, sweepMs);
    }
  }
}

const gates = new Map<string, OpenEnvSessionGate>();

/** The process-wide gate of the OpenEnv server at `webSocketUrl`. */
export function openEnvSessionGate(webSocketUrl: string): OpenEnvSessionGate {
  let gate = gates.get(webSocketUrl);
  if (gate === undefined) {
    gate = new OpenEnvSessionGate();
    gates.set(webSocketUrl, gate);
  }
  return gate;
}
