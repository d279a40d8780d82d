import { availableParallelism } from "node:os";
import type { LoadedRulesGroup, RejectedRulesGroup } from "../component-loader.js";
import type { GroupComponentScript } from "../create-rules-group-sandbox.js";
import type { RulesSandboxOptions } from "../rules-sandbox-options.js";
import { PoolWorker } from "./pool-worker.js";
import { cancelledSlots, type RulesGroupWorkerLoaded } from "./rules-group-worker-messages.js";
import { type GroupPool, WorkerRulesGroup } from "./worker-rules-group.js";

/** Options of a {@link RulesGroupPool}. */
export interface RulesGroupPoolOptions {
  /** Worker threads kept for groups (default: the machine's cores). */
  size?: number;
  /**
   * A worker that has worked this long without answering anything (a hook that loops until
   * its wall-clock backstop, or a slow load) is held: every other group waiting on it moves
   * to another worker (default 50 ms — a sound hook uses a few ms of CPU). Counted in the
   * worker thread's CPU time where the system tells it (Linux), else in wall time.
   */
  heldAfterMs?: number;
  /**
   * Started threads that hold no group, kept ready for groups that move off held workers (a
   * thread takes long to start on a loaded machine). Each one taken is replaced. With more
   * hooks looping at once than base workers plus spares, a group that moves waits for a new
   * thread to start. Default 4 (a ready thread costs about 10 MB, see `serve-scale`).
   */
  spares?: number;
  /** At most this many threads at once, spares included (default 4 × size + 4). */
  maxWorkers?: number;
}

/** Spare threads a pool keeps ready by default (see {@link RulesGroupPoolOptions.spares}). */
const defaultSpares = 4;

/**
 * A bounded set of worker threads that run Rules groups for many sessions (`envrigger
 * serve`): each group is an isolate of its own (one session's stack, so its per-episode
 * state stays apart exactly as on one thread) placed on the worker that holds the fewest
 * groups; the threads start lazily, with the first group placed on them. A call is a
 * message to the group's worker, so a hook that loops holds that thread only, never the
 * pool's event loop; and when a worker is held longer than `heldAfterMs` (of its thread's
 * CPU time, so that a machine's load does not count as a hook's), the pool moves
 * every other group that waits for it to a worker that is free (one of `spares` threads kept
 * started for this, each replaced when taken; a new thread, up to `maxWorkers`, when none is
 * left; threads beyond `size` that hold no group end): the group is placed there (on the
 * stack's isolate if that worker has one, see `SharedGroupIsolates`) with each layer's
 * memory as the pool's side last saw it and its unanswered calls
 * are sent there, and the held worker skips them (a shared buffer marks the old placement
 * cancelled). A hook that loops therefore delays the other sessions by about `heldAfterMs`
 * plus one load, not by its backstop.
 */
export class RulesGroupPool implements GroupPool {
  readonly #size: number;
  readonly #heldAfterMs: number;
  readonly #maxWorkers: number;
  readonly #workers: PoolWorker[] = [];
  /** Started threads that hold no group, ready for groups moving off a held worker. */
  readonly #spares: PoolWorker[] = [];
  readonly #spareCount: number;
  readonly #cancelled = new Int32Array(new SharedArrayBuffer(4 * cancelledSlots));
  /** Warmed by a server: the threads stay when the last group leaves, until `close`. */
  #kept = false;
  #nextPlacement = 0;
  #nextId = 0;
  #watch: NodeJS.Timeout | undefined;

  constructor(options: RulesGroupPoolOptions = {}) {
    this.#size = Math.max(1, options.size ?? availableParallelism());
    this.#heldAfterMs = options.heldAfterMs ?? 50;
    this.#spareCount = Math.max(0, options.spares ?? defaultSpares);
    this.#maxWorkers = Math.max(this.#size, options.maxWorkers ?? 4 * this.#size + 4);
  }

  /** Threads running now (spares included). */
  get threads(): number {
    return this.#workers.length + this.#spares.length;
  }

  /**
   * Start the pool's threads now (its `size` workers and the spares), resolving once each is
   * ready: a server that will serve Rules stacks calls this before it listens, so that the
   * first sessions do not wait for threads to start (seconds on a loaded machine). The
   * threads then stay while no group is loaded (the server's probe of its stack, sessions
   * that all closed) until `close`.
   */
  async warm(): Promise<void> {
    this.#kept = true;
    while (this.#workers.filter((worker) => !worker.dead).length < this.#size) this.#start();
    this.#refillSpares();
    await Promise.all([...this.#workers, ...this.#spares].map((worker) => worker.started));
  }

  /** Load checked, transpiled components (innermost first) as one group on a worker of the pool. */
  async load(
    components: GroupComponentScript[],
    options: RulesSandboxOptions,
  ): Promise<LoadedRulesGroup | RejectedRulesGroup> {
    const worker = this.#place(new Set(), false);
    const placement = this.placement();
    const owner = {};
    worker.groups.add(owner);
    const loaded = await new Promise<RulesGroupWorkerLoaded>((resolve, reject) =>
      worker.ask({
        key: -placement,
        owner,
        request: { kind: "load", placement, components, options, memories: [] },
        resolve: resolve as (value: unknown) => void,
        reject,
      }),
    ).finally(() => worker.groups.delete(owner));
    if (!loaded.ok) {
      this.#retireSpares();
      return { ok: false, index: loaded.index, issues: loaded.issues };
    }
    const group = new WorkerRulesGroup(this, { worker, placement }, components, options, loaded.members);
    worker.groups.add(group);
    return { ok: true, group };
  }

  /** A fresh placement number, its slot in the cancelled buffer cleared. */
  placement(): number {
    this.#nextPlacement += 1;
    Atomics.store(this.#cancelled, this.#nextPlacement % cancelledSlots, 0);
    return this.#nextPlacement;
  }

  /** Mark a placement cancelled: its worker skips the requests still queued for it. */
  cancel(placement: number): void {
    Atomics.store(this.#cancelled, placement % cancelledSlots, placement);
  }

  /** A fresh call id. */
  nextId(): number {
    this.#nextId += 1;
    return this.#nextId;
  }

  /** A group left its worker for good (every member disposed). */
  released(group: WorkerRulesGroup, worker: PoolWorker): void {
    worker.groups.delete(group);
    if (!this.#kept && this.#workers.every((each) => each.groups.size === 0)) this.#endThreads();
    else this.#retireSpares();
  }

  /** End every thread now (a server that drained: its threads would keep the process alive). */
  close(): void {
    this.#kept = false;
    this.#endThreads();
  }

  /** The last group left: end every thread (the pool starts again with the next load), so that a server that drained can exit. */
  #endThreads(): void {
    for (const worker of [...this.#workers, ...this.#spares]) worker.terminate();
    this.#workers.length = 0;
    this.#spares.length = 0;
  }

  /** Start watching for held workers (while any request is in flight). */
  #watchWorkers(): void {
    if (this.#watch) return;
    this.#watch = setInterval(() => this.#check(), Math.max(5, this.#heldAfterMs / 2));
    this.#watch.unref();
  }

  /** Move the groups away from held workers; stop watching when nothing is in flight. */
  #check(): void {
    const now = performance.now();
    const held = new Set<PoolWorker>();
    for (const worker of this.#workers) if (worker.busy(now).forMs > this.#heldAfterMs) held.add(worker);
    for (const worker of held) {
      const running = worker.busy(now).owner;
      for (const group of [...worker.groups]) {
        // Only groups that wait for it: an idle group moves when it next calls.
        if (group === running || !(group instanceof WorkerRulesGroup) || !group.movable) continue;
        if (!worker.waits(group)) continue;
        const target = this.#place(held, true);
        if (!target) break;
        worker.groups.delete(group);
        target.groups.add(group);
        group.moveTo(worker, target);
      }
    }
    if (this.#workers.every((worker) => worker.inFlight === 0)) {
      clearInterval(this.#watch);
      this.#watch = undefined;
      this.#retireSpares();
    }
  }

  /**
   * The worker for a group: a new thread while the pool has fewer than `size`; for a new
   * group, the live worker with the fewest groups; for a group `moving` off a held worker, a
   * worker not `held` with nothing in flight (the fewest groups), else a new spare thread
   * while the pool is under `maxWorkers`, else the one with the least in flight (none: the
   * group stays).
   */
  #place(held: ReadonlySet<PoolWorker>, moving: true): PoolWorker | undefined;
  #place(held: ReadonlySet<PoolWorker>, moving: false): PoolWorker;
  #place(held: ReadonlySet<PoolWorker>, moving: boolean): PoolWorker | undefined {
    const candidates = this.#workers.filter((worker) => !worker.dead && !held.has(worker));
    const fewest = (workers: PoolWorker[]) =>
      workers.reduce((best, worker) => (worker.groups.size < best.groups.size ? worker : best));
    const live = this.#workers.filter((worker) => !worker.dead).length;
    if (live < this.#size) return this.#start();
    if (!moving) return candidates.length > 0 ? fewest(candidates) : this.#start();
    const idle = candidates.filter((worker) => worker.inFlight === 0);
    if (idle.length > 0) return fewest(idle);
    if (this.#spares.length > 0 || live < this.#maxWorkers) return this.#takeSpare();
    if (candidates.length === 0) return undefined;
    return candidates.reduce((best, worker) => (worker.inFlight < best.inFlight ? worker : best));
  }

  /** Start a worker of the pool (and the spares, with the first one). */
  #start(): PoolWorker {
    const worker = this.#newThread();
    this.#workers.push(worker);
    this.#refillSpares();
    return worker;
  }

  /** A spare (started already, preferably running) joins the pool; a new spare starts in its place. */
  #takeSpare(): PoolWorker {
    const live = this.#spares.filter((spare) => !spare.dead);
    const spare = live.find((candidate) => candidate.online) ?? live[0];
    if (spare) this.#spares.splice(this.#spares.indexOf(spare), 1);
    const worker = spare ?? this.#newThread();
    this.#workers.push(worker);
    this.#refillSpares();
    return worker;
  }

  #refillSpares(): void {
    for (let index = this.#spares.length - 1; index >= 0; index--)
      if (this.#spares[index]!.dead) this.#spares.splice(index, 1);
    while (this.#spares.length < this.#spareCount && this.threads < this.#maxWorkers)
      this.#spares.push(this.#newThread());
  }

  #newThread(): PoolWorker {
    return new PoolWorker({ cancelled: this.#cancelled.buffer as SharedArrayBuffer }, () => this.#watchWorkers());
  }

  /** End dead workers, and workers beyond `size` that hold no group (the spares stay). */
  #retireSpares(): void {
    for (let index = this.#workers.length - 1; index >= 0; index--) {
      const worker = this.#workers[index]!;
      const spare = this.#workers.length > this.#size && worker.groups.size === 0 && worker.inFlight === 0;
      if (!worker.dead && !spare) continue;
      this.#workers.splice(index, 1);
      worker.terminate();
    }
  }
}

/** The pool every `loadRulesGroupInWorker` call shares (started on first use). */
let shared: RulesGroupPool | undefined;

/** The process's shared {@link RulesGroupPool}. */
export function sharedRulesGroupPool(): RulesGroupPool {
  shared ??= new RulesGroupPool();
  return shared;
}
