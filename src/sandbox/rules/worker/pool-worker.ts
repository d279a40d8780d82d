import { readFileSync } from "node:fs";
import { getPriority, setPriority } from "node:os";
import type { Worker } from "node:worker_threads";
import { startSiblingWorker } from "../../../core/sibling-worker.js";
import { EnvriggerError } from "../../../core/errors.js";
import type { GroupComponentScript } from "../create-rules-group-sandbox.js";
import type { RulesSandboxOptions } from "../rules-sandbox-options.js";
import type {
  RulesGroupWorkerData,
  RulesGroupWorkerMessage,
  RulesGroupWorkerRequest,
} from "./rules-group-worker-messages.js";

/** A request sent to a worker and not answered yet: what to resend if its group moves, and how to answer it. */
export interface PendingRequest {
  /** The call's id, or `-placement` for a `load`. */
  key: number;
  /** The group it belongs to (compared by identity). */
  owner: object;
  request: RulesGroupWorkerRequest;
  sentAt: number;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** A stack's Rules group as a spare thread keeps it warm: its key (see `groupKey`) and what loads it. */
export interface WarmStack {
  key: string;
  components: GroupComponentScript[];
  options: RulesSandboxOptions;
}

/** The lowest scheduling priority (the highest nice value) on Linux and macOS. */
const lowestPriority = 19;

/**
 * One worker thread of a `RulesGroupPool`, seen from the pool's thread: the groups placed on
 * it, its requests in flight (in the order sent; the worker answers them in that order), and
 * since when it has been working on the oldest one without answering anything — how the pool
 * tells a worker held by a hook that loops. When the thread dies, every request in flight
 * rejects with `SANDBOX` and so does every later one.
 */
export class PoolWorker {
  readonly groups = new Set<object>();
  readonly #pending = new Map<number, PendingRequest>();
  readonly #worker: Worker;
  #lastAnswerAt = 0;
  /** Where the system keeps the thread's CPU time (Linux), once it is ready. */
  #cpuFile: string | undefined;
  /** The thread's CPU time (ms) when it last answered, or when it was given work while it had none. */
  #cpuAtMark = 0;
  #online = false;
  #dead: Error | undefined;
  /** The operating system's id of the thread (Linux), once it is ready. */
  #systemThreadId: number | undefined;
  /** The thread's priority before the pool lowered it (undefined: not lowered). */
  #loweredFrom: number | undefined;
  #keptLow = false;
  #warmKeys: ReadonlySet<string> = new Set();
  /** Resolves once the thread is ready (or dead). */
  readonly started: Promise<void>;
  #started: () => void = () => {};

  /** `asked` is called with each request that is answered (the pool then watches for held workers). */
  constructor(
    data: RulesGroupWorkerData,
    private readonly asked: () => void,
  ) {
    this.started = new Promise((resolve) => {
      this.#started = resolve;
    });
    this.#worker = startSiblingWorker(import.meta.url, "./rules-group-worker-entry", data);
    this.#worker.unref();
    this.#worker.on("message", (message: RulesGroupWorkerMessage) => {
      this.#lastAnswerAt = performance.now();
      this.#restorePriority();
      if (message.kind === "ready") {
        this.#systemThreadId = message.systemThreadId;
        if (message.systemThreadId !== undefined) this.#cpuFile = `/proc/self/task/${message.systemThreadId}/schedstat`;
        this.#online = true;
        this.#started();
        return;
      }
      this.#cpuAtMark = this.#cpuMs() ?? 0;
      const key = message.kind === "loaded" ? -message.placement : message.id;
      const pending = this.#pending.get(key);
      if (!pending) return;
      this.#pending.delete(key);
      if (message.kind === "loaded") pending.resolve(message);
      else if (message.ok) pending.resolve(message.value);
      else pending.reject(new EnvriggerError("SANDBOX", `the Rules group worker failed: ${message.message}`));
    });
    const die = (error: Error) => {
      this.#dead ??= error;
      this.#started();
      for (const pending of this.#pending.values()) pending.reject(this.#dead);
      this.#pending.clear();
    };
    this.#worker.on("error", (error) =>
      die(new EnvriggerError("SANDBOX", "the Rules group worker crashed", { cause: error })),
    );
    this.#worker.on("exit", () => die(new EnvriggerError("SANDBOX", "the Rules group worker is gone")));
  }

  /** Send a request that is answered (a call or a load); resolves with the answer. */
  ask(pending: Omit<PendingRequest, "sentAt">): void {
    if (this.#dead) return pending.reject(this.#dead);
    if (this.#pending.size === 0) this.#cpuAtMark = this.#cpuMs() ?? 0;
    this.#pending.set(pending.key, { ...pending, sentAt: performance.now() });
    this.#worker.postMessage(pending.request);
    this.asked();
  }

  /** Send a request that is not answered. */
  tell(request: RulesGroupWorkerRequest): void {
    if (!this.#dead) this.#worker.postMessage(request);
  }

  /**
   * How long (ms of wall time) the worker has been on its oldest request without answering
   * anything (0 when idle or still starting).
   */
  waitedMs(now: number): number {
    const oldest = this.#pending.values().next().value as PendingRequest | undefined;
    if (!oldest || !this.#online) return 0;
    return now - Math.max(oldest.sentAt, this.#lastAnswerAt);
  }

  /**
   * Give the thread the lowest scheduling priority until it next answers (the pool found it
   * held by a hook that loops): the threads the other sessions moved to then get the cores
   * first, and the hook still ends at its CPU-time budget, or at its wall-clock backstop
   * (both answer `timeout`). Only where the system names the thread (Linux); a no-op when
   * the system refuses.
   */
  lowerPriority(): void {
    if (this.#systemThreadId === undefined || this.#loweredFrom !== undefined || this.#keptLow) return;
    try {
      const priority = getPriority(this.#systemThreadId);
      if (priority >= lowestPriority) return;
      setPriority(this.#systemThreadId, lowestPriority);
      this.#loweredFrom = priority;
    } catch {
      // The thread ended, or the system refuses: the thread keeps its priority.
    }
  }

  /** Give the thread its priority back (an unprivileged process may not raise it on some systems: the thread is then `keptLow`). */
  #restorePriority(): void {
    if (this.#loweredFrom === undefined || this.#systemThreadId === undefined) return;
    try {
      setPriority(this.#systemThreadId, this.#loweredFrom);
    } catch {
      this.#keptLow = true;
    }
    this.#loweredFrom = undefined;
  }

  /** Whether the thread's priority stayed lowered (the pool places nothing more here and ends it once it holds no group). */
  get keptLow(): boolean {
    return this.#keptLow;
  }

  /** Keep exactly these stacks' isolates loaded here while no session uses them (a spare thread; none once it joins the pool). */
  warm(stacks: readonly WarmStack[]): void {
    const keys = new Set(stacks.map((stack) => stack.key));
    if (keys.size === this.#warmKeys.size && [...keys].every((key) => this.#warmKeys.has(key))) return;
    this.#warmKeys = keys;
    this.tell({ kind: "warm", stacks: stacks.map(({ components, options }) => ({ components, options })) });
  }

  /** The stacks whose isolates the thread keeps warm. */
  get warmKeys(): ReadonlySet<string> {
    return this.#warmKeys;
  }

  /** Take back the unanswered requests of `owner` (its group moves elsewhere), oldest first. */
  takePending(owner: object): PendingRequest[] {
    const taken = [...this.#pending.values()].filter((pending) => pending.owner === owner);
    for (const pending of taken) this.#pending.delete(pending.key);
    return taken;
  }

  /** Whether `owner` has requests in flight here. */
  waits(owner: object): boolean {
    for (const pending of this.#pending.values()) if (pending.owner === owner) return true;
    return false;
  }

  /** Requests in flight. */
  get inFlight(): number {
    return this.#pending.size;
  }

  /**
   * How long the worker has been on its oldest request without answering anything (ms, 0
   * when idle or still starting: requests sent before it is ready wait for its start-up,
   * which is not a hook's doing), and the group that request belongs to (the one running,
   * since the worker runs requests in order). Measured in the thread's CPU time where the
   * system tells it (Linux): on a loaded machine a thread waits for a core, and wall time
   * would take a worker that answers at the machine's pace for one held by a hook.
   */
  busy(now: number): { forMs: number; owner: object | undefined } {
    const oldest = this.#pending.values().next().value as PendingRequest | undefined;
    if (!oldest || !this.#online) return { forMs: 0, owner: undefined };
    const cpu = this.#cpuMs();
    const forMs = cpu === undefined ? now - Math.max(oldest.sentAt, this.#lastAnswerAt) : cpu - this.#cpuAtMark;
    return { forMs, owner: oldest.owner };
  }

  /** The thread's CPU time so far (ms; its first field in `schedstat`, ns), undefined where the system does not tell it. */
  #cpuMs(): number | undefined {
    if (this.#cpuFile === undefined) return undefined;
    try {
      return Number(readFileSync(this.#cpuFile, "utf8").split(" ")[0]) / 1e6;
    } catch {
      // The thread ended.
      return undefined;
    }
  }

  /** Whether the thread has started and loaded its modules (which takes long on a loaded machine). */
  get online(): boolean {
    return this.#online;
  }

  get dead(): boolean {
    return this.#dead !== undefined;
  }

  /**
   * End the thread (the pool retires a worker that holds no group, or ends them all): the
   * thread disposes its isolates and ends itself after the requests sent before, rather than
   * being terminated from here in the middle of one. A hook running then ends at its
   * backstop first.
   */
  terminate(): void {
    if (!this.#dead) this.#worker.postMessage({ kind: "end" } satisfies RulesGroupWorkerRequest);
  }
}
