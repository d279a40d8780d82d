import { availableParallelism } from "node:os";
import type { LoadedRulesGroup, RejectedRulesGroup } from "../component-loader.js";
import type { GroupComponentScript } from "../create-rules-group-sandbox.js";
import type { RulesSandboxOptions } from "../rules-sandbox-options.js";
import { PoolWorker, type WarmStack } from "./pool-worker.js";
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
   * thread takes long to start on a loaded machine), each keeping warm the isolates of the
   * stacks most recently loaded (up to 4). Each one taken is replaced once no worker is on a
   * request past `heldAfterMs` (the pool is quiet).
   * With more hooks looping at once than base workers plus spares, a group that moves waits
   * for a new thread to start. Default 4 (a ready thread costs about 10 MB, see `serve-scale`).
   */
  spares?: number;
  /** At most this many threads at once, spares included (default 4 × size + 4). */
  maxWorkers?: number;
}

/** Spare threads a pool keeps ready by default (see {@link RulesGroupPoolOptions.spares}). */
const defaultSpares = 4;
/** A spare keeps warm the isolates of at most this many stacks (those with groups in the pool, most recently loaded first). */
const warmStacksPerSpare = 4;

/** A stack with groups in the pool: what loads its isolate, and how many groups it has. */
interface LiveStack extends WarmStack {
  groups: number;
}

/**
 * A bounded set of worker threads that run Rules groups for many sessions (`envrigger
 * serve`): each group is an isolate of its own (one session's stack, so its per-episode
 * state stays apart exactly as on one thread) placed on the worker that holds the fewest
 * groups; the threads start lazily, with the first group placed on them. A call is a
 * message to the group's worker, so a hook that loops holds that thread only, never the
 * pool's event loop. A group whose call waits behind another group's request moves to
 * another worker: early (that request has taken `heldAfterMs` of wall time) when a worker
 * with nothing in flight already has the group's stack loaded — a worker hosting that
 * stack, or one of the `spares` (started threads that keep the isolates of the stacks in
 * use warm); and in any case once the worker is held (`heldAfterMs` of its thread's CPU time,
 * so that a machine's load does not count as a hook's), to a free worker, a spare or a new
 * thread (up to `maxWorkers`). A held thread's scheduling priority is lowered until it
 * answers, so that the threads the other sessions moved to get the cores first. A group
 * moves with each layer's memory as the pool's side last saw it and its unanswered calls;
 * the held worker skips them (a shared buffer marks the old placement cancelled). Spares
 * taken are replaced, and threads beyond `size` that hold no group become spares again,
 * once no worker is on a request past `heldAfterMs`. A hook that loops therefore delays
 * the other sessions by about `heldAfterMs` of wall time plus a message, not by its backstop.
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
  /** The stacks with groups in the pool, least recently loaded first. */
  readonly #stacks = new Map<string, LiveStack>();
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
    const worker = this.#place(this.#held(performance.now()));
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
    const stack = this.#stacks.get(group.key) ?? { key: group.key, components, options, groups: 0 };
    stack.groups += 1;
    this.#stacks.delete(group.key);
    this.#stacks.set(group.key, stack);
    this.#warmSpares();
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
    const stack = this.#stacks.get(group.key);
    if (stack && --stack.groups === 0) {
      this.#stacks.delete(group.key);
      this.#warmSpares();
    }
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
    clearInterval(this.#watch);
    this.#watch = undefined;
  }

  /** Start watching for held workers (while any request is in flight). */
  #watchWorkers(): void {
    if (this.#watch) return;
    this.#watch = setInterval(() => this.#check(), Math.max(5, this.#heldAfterMs / 2));
    this.#watch.unref();
  }

  /** The workers held now: on one request for longer than `heldAfterMs` (CPU time), or whose priority stayed lowered. */
  #held(now: number): Set<PoolWorker> {
    const held = new Set<PoolWorker>();
    for (const worker of this.#workers)
      if (worker.keptLow || worker.busy(now).forMs > this.#heldAfterMs) held.add(worker);
    return held;
  }

  /**
   * Move waiting groups away from held workers (lowering those threads' priority), and early
   * from a worker whose request in hand has taken `heldAfterMs` of wall time when a worker
   * with nothing in flight already has the group's stack loaded (a move there costs a
   * message and the group's memory put in); stop watching when nothing is in flight.
   */
  #check(): void {
    const now = performance.now();
    const held = this.#held(now);
    const joined = new Set<PoolWorker>();
    for (const worker of [...this.#workers]) {
      const isHeld = held.has(worker);
      if (isHeld) worker.lowerPriority();
      else if (worker.waitedMs(now) <= this.#heldAfterMs) continue;
      const running = worker.busy(now).owner;
      for (const group of [...worker.groups]) {
        // Only groups that wait for it: an idle group moves when it next calls.
        if (group === running || !(group instanceof WorkerRulesGroup) || !group.movable) continue;
        if (!worker.waits(group)) continue;
        const target = this.#ready(group.key, held) ?? (isHeld ? this.#placeMoving(held) : undefined);
        if (!target) continue;
        worker.groups.delete(group);
        target.groups.add(group);
        group.moveTo(worker, target);
        joined.add(target);
      }
    }
    // A spare that joined the pool keeps only the isolates its groups use.
    for (const worker of joined) worker.warm([]);
    // Spares are replaced (and idle threads beyond `size` become spares again) once the pool is
    // quiet, no worker on a request past `heldAfterMs`: a thread's start takes seconds of CPU on
    // a loaded machine, better not spent while sessions are moving off a held one. A worker only
    // `keptLow` (the system would not give its priority back) does not count, else its groups
    // would keep the pool from replacing spares for as long as they stay.
    const quiet = [...held].every((worker) => worker.busy(now).forMs <= this.#heldAfterMs);
    if (quiet && this.#workers.length > 0) {
      this.#retireSpares();
      this.#refillSpares();
    }
    if (this.#workers.every((worker) => worker.inFlight === 0)) {
      clearInterval(this.#watch);
      this.#watch = undefined;
    }
  }

  /**
   * A worker with nothing in flight that has the stack `key` loaded, not `held`: a worker
   * holding a group of that stack, else a started spare that keeps it warm (it joins the pool).
   */
  #ready(key: string, held: ReadonlySet<PoolWorker>): PoolWorker | undefined {
    const hosting = this.#workers.find(
      (worker) =>
        !worker.dead &&
        !held.has(worker) &&
        worker.online &&
        worker.inFlight === 0 &&
        [...worker.groups].some((group) => group instanceof WorkerRulesGroup && group.key === key),
    );
    if (hosting) return hosting;
    const spare = this.#spares.find((candidate) => !candidate.dead && candidate.online && candidate.warmKeys.has(key));
    if (!spare) return undefined;
    this.#spares.splice(this.#spares.indexOf(spare), 1);
    this.#workers.push(spare);
    return spare;
  }

  /**
   * The worker for a new group: a new thread while the pool has fewer than `size`, else the
   * live worker with the fewest groups that is not `held` (a new thread when every one is).
   */
  #place(held: ReadonlySet<PoolWorker>): PoolWorker {
    const live = this.#workers.filter((worker) => !worker.dead);
    if (live.filter((worker) => !worker.keptLow).length < this.#size) return this.#start();
    const candidates = live.filter((worker) => !held.has(worker));
    return candidates.length > 0 ? fewestGroups(candidates) : this.#start();
  }

  /**
   * The worker for a group moving off a held worker (after {@link #ready}): a started spare
   * (a thread no other session uses: the group may be one whose hook loops, waiting its
   * turn), else a worker not `held` with nothing in flight (the fewest groups), else a spare
   * still starting or a new thread while the pool is under `maxWorkers`, else the one with
   * the least in flight (none: the group stays).
   */
  #placeMoving(held: ReadonlySet<PoolWorker>): PoolWorker | undefined {
    if (this.#spares.some((spare) => spare.online && !spare.dead)) return this.#takeSpare();
    const candidates = this.#workers.filter((worker) => !worker.dead && !held.has(worker));
    const idle = candidates.filter((worker) => worker.inFlight === 0);
    if (idle.length > 0) return fewestGroups(idle);
    if (this.#spares.some((spare) => !spare.dead) || this.threads < this.#maxWorkers) return this.#takeSpare();
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

  /** A spare (started already, preferably running) joins the pool, else a new thread (spares are replaced later, see `#check`). */
  #takeSpare(): PoolWorker {
    const live = this.#spares.filter((spare) => !spare.dead);
    const spare = live.find((candidate) => candidate.online) ?? live[0];
    if (spare) this.#spares.splice(this.#spares.indexOf(spare), 1);
    const worker = spare ?? this.#newThread();
    this.#workers.push(worker);
    return worker;
  }

  #refillSpares(): void {
    for (let index = this.#spares.length - 1; index >= 0; index--)
      if (this.#spares[index]!.dead) this.#spares.splice(index, 1);
    while (this.#spares.length < this.#spareCount && this.threads < this.#maxWorkers)
      this.#spares.push(this.#newThread());
    this.#warmSpares();
  }

  /**
   * Keep a started worker as a spare when the pool has fewer than `spares`, or in place of a
   * spare still starting (which ends): a started thread is ready now, the other may take
   * seconds yet on a loaded machine.
   */
  #keepAsSpare(worker: PoolWorker): boolean {
    if (this.#spares.length >= this.#spareCount) {
      const starting = this.#spares.findIndex((spare) => !spare.online);
      if (starting < 0 || !worker.online) return false;
      this.#spares.splice(starting, 1)[0]!.terminate();
    }
    this.#spares.push(worker);
    return true;
  }

  /** Each spare keeps warm the isolates of the stacks loaded most recently (a group moving there finds its stack ready). */
  #warmSpares(): void {
    const stacks = [...this.#stacks.values()].slice(-warmStacksPerSpare);
    for (const spare of this.#spares) spare.warm(stacks);
  }

  #newThread(): PoolWorker {
    return new PoolWorker({ cancelled: this.#cancelled.buffer as SharedArrayBuffer }, () => this.#watchWorkers());
  }

  /**
   * End dead workers, and workers whose priority stayed lowered once they hold no group;
   * workers beyond `size` that hold no group become spares again while the pool has fewer
   * than `spares` (else they end).
   */
  #retireSpares(): void {
    for (let index = this.#workers.length - 1; index >= 0; index--) {
      const worker = this.#workers[index]!;
      const empty = worker.groups.size === 0 && worker.inFlight === 0;
      const extra = this.#workers.length > this.#size && empty;
      if (!worker.dead && !extra && !(worker.keptLow && empty)) continue;
      this.#workers.splice(index, 1);
      if (worker.dead || worker.keptLow || !this.#keepAsSpare(worker)) worker.terminate();
    }
    this.#warmSpares();
  }
}

/** The worker holding the fewest groups. */
function fewestGroups(workers: readonly PoolWorker[]): PoolWorker {
  return workers.reduce((best, worker) => (worker.groups.size < best.groups.size ? worker : best));
}

/** The pool every `loadRulesGroup(sources, { workers })` call of the product shares (started on first use). */
let shared: RulesGroupPool | undefined;

/** The process's shared {@link RulesGroupPool}. */
export function sharedRulesGroupPool(): RulesGroupPool {
  shared ??= new RulesGroupPool();
  return shared;
}
