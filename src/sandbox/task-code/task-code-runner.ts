import type ivm from "isolated-vm";
import { isolatedVm } from "../isolate/load-isolated-vm.js";
import { createHash } from "node:crypto";
import { z } from "zod";
import { EnvriggerError } from "../../core/errors.js";
import type { Json } from "../../core/json.js";
import { parseWith } from "../../core/validate.js";
import { classifyIsolateFailure } from "../isolate/isolate-failure.js";
import { taskCodeBootstrapSource } from "./task-code-bootstrap.js";
import { strictEqualJson } from "./task-code-compare.js";
import {
  isTaskCodeEntryName,
  TaskCodeContext,
  type TaskCodeCallResult,
  type TaskCodeScripts,
} from "./task-code-context.js";
import { TaskCodeLruCache } from "../isolate/task-code-lru-cache.js";
import type { TaskCodeTimeLimit } from "./task-code-time-limit.js";
import type { TestCase, TestOutcome } from "./task-code-types.js";

const taskCodeRunnerOptionsSchema = z.strictObject({
  /**
   * Memory limit of the isolate in MB (isolated-vm's minimum is 8; the limit is
   * approximate). Default 128: at 32 MB a loop filling a `Map` can reach V8's own heap
   * limit before isolated-vm stops it, and V8 then aborts the whole process; at 128 MB
   * with a 100 ms limit the same kind of loop (Map, Set, object keys) times out cleanly.
   */
  memoryLimitMb: z.number().int().min(8).default(128),
  /**
   * CPU-time limit of each call (and of loading a source), in milliseconds: what decides a
   * timeout, so a verdict does not depend on how loaded the machine is.
   */
  cpuTimeMs: z.number().positive().default(100),
  /**
   * Wall-clock backstop of each call and load, in milliseconds: a call starved of CPU is
   * given more wall-clock time, up to this (see `runWithinTimeLimit`).
   */
  timeoutMs: z.number().positive().default(1_000),
  /** JavaScript evaluated in every context before the task code (e.g. a Python-like `range`). */
  prelude: z.string().default(""),
  /** How many call results are memoized (least recently used are dropped first). */
  resultCacheSize: z.number().int().positive().default(100_000),
  /** How many loaded sources (one context each) are kept in the isolate. */
  contextCacheSize: z.number().int().positive().default(32),
});

/** Options of {@link TaskCodeRunner}; every field has a default. */
export type TaskCodeRunnerOptions = z.input<typeof taskCodeRunnerOptionsSchema>;

/** Counters of a {@link TaskCodeRunner}, for tests and benchmarks. */
export interface TaskCodeRunnerStatistics {
  /** Isolates created (the first one, plus one after each isolate lost to its memory limit). */
  isolatesCreated: number;
  /** Sources loaded into a fresh context. */
  contextsCreated: number;
  /** Calls executed in the isolate. */
  callsExecuted: number;
  /** Test results answered from the memo without running anything. */
  resultsFromCache: number;
}

/**
 * Runs untrusted JavaScript *task code* (a plain function source, e.g.
 * `function clamp(x, lower, upper) { return min(lower, max(x, upper)); }`) on test cases,
 * synchronously, in an isolated-vm isolate. Built for throughput (an environment step
 * may run a dozen tests) and for never letting task code hurt the host:
 *
 * - One long-lived isolate (memory limit, per-call CPU-time limit with a wall-clock
 *   backstop). Each distinct source gets a
 *   fresh context of its own: bootstrap (hardening), then the prelude, then the source.
 *   So a source that reassigns a global or the prelude (`range = () => []`) affects only
 *   itself. Loaded contexts are cached by a hash of prelude + source (LRU-bounded).
 * - Every failure of task code is data: a syntax error, a missing entry, a throw, a
 *   timeout (infinite loop), a stack overflow, running out of memory — the affected tests
 *   come back as `{ passed: false, got: "error", error: true, errorMessage }`. When the
 *   isolate dies of its memory limit it is replaced (with empty context caches) on the next
 *   call; if other sources shared the dead isolate, the call is retried once in a fresh one
 *   so a source is never blamed for another's memory.
 * - **Task code must be a pure function of its arguments.** Outcomes are memoized per
 *   (prelude + source hash, entry, arguments), errors included: the first verdict for a call
 *   is final for this runner. A timeout is decided by CPU time, so the same call times out (or
 *   not) however loaded the machine is, up to the wall-clock backstop. Memoized JSON values are frozen and shared between
 *   outcomes; do not mutate `got`.
 *
 * Comparison is {@link strictEqualJson} of the returned value and `expected`. A return
 * value that is not JSON (`undefined`, `NaN`, `Infinity`, a function, a cycle) never passes;
 * its `got` is its short text form (`"undefined"`, `"NaN"`, `"[1,[Circular]]"`…).
 *
 * Limitations: V8 runs in the host process, so a heap exhaustion that isolated-vm does not
 * catch aborts the process. The bootstrap caps the native builtins known to do that in one
 * uninterruptible step (`Array.prototype.fill`; also `Array.from`, `String.prototype.repeat`
 * / `padStart` / `padEnd`, which overrun the timeout); the default memory limit and CPU
 * limit make growth loops time out first (an unloaded first attempt gets 1.25 × the CPU limit
 * of wall-clock time), but a much longer `cpuTimeMs` weakens that. Only a
 * process boundary removes the risk. Run node with `--no-node-snapshot`.
 */
export class TaskCodeRunner {
  private readonly memoryLimitMb: number;
  private readonly limit: TaskCodeTimeLimit;
  private readonly prelude: string;
  private readonly preludeDigest: string;
  private readonly results: TaskCodeLruCache<string, TaskCodeCallResult>;
  private readonly contexts: TaskCodeLruCache<string, TaskCodeContext | string>;
  private isolate: ivm.Isolate | undefined;
  private scripts: TaskCodeScripts | undefined;
  /** Contexts created in the current isolate (a memory failure with more than one may not be the caller's). */
  private contextsInIsolate = 0;
  private disposed = false;
  /** The last source hashed and its digest (an environment step usually tests the same source again). */
  private lastDigest: { source: string; digest: string } = { source: "", digest: "" };
  private readonly counters: TaskCodeRunnerStatistics = {
    isolatesCreated: 0,
    contextsCreated: 0,
    callsExecuted: 0,
    resultsFromCache: 0,
  };

  /**
   * Create a runner and check its prelude.
   * @throws EnvriggerError `BAD_ARGUMENT` when an option is invalid or the prelude does not
   *   compile or run.
   */
  constructor(options: TaskCodeRunnerOptions = {}) {
    const parsed = parseWith(taskCodeRunnerOptionsSchema, options, "TaskCodeRunner options", "BAD_ARGUMENT");
    this.memoryLimitMb = parsed.memoryLimitMb;
    this.limit = { cpuTimeMs: parsed.cpuTimeMs, wallTimeMs: parsed.timeoutMs };
    this.prelude = parsed.prelude;
    this.preludeDigest = createHash("sha256").update(parsed.prelude).digest("base64");
    this.results = new TaskCodeLruCache(parsed.resultCacheSize);
    this.contexts = new TaskCodeLruCache(parsed.contextCacheSize, (_digest, context) => {
      if (typeof context !== "string") context.release();
    });
    // A broken prelude is a configuration error of the host, not task-code data: fail now.
    const { isolate, scripts } = this.currentIsolate();
    const probe = TaskCodeContext.load(isolate, scripts, "", this.limit);
    if (!probe.loaded) {
      this.dispose();
      throw new EnvriggerError("BAD_ARGUMENT", `the task-code prelude does not run: ${probe.failure.message}`);
    }
    probe.context.release();
  }

  /**
   * Run `entry(...test.args)` of `source` for every test and compare with `test.expected`.
   * Synchronous; never throws for faults of the task code (see the class notes).
   * @throws EnvriggerError `BAD_ARGUMENT` when `entry` is not a JavaScript identifier,
   *   `SANDBOX` after {@link dispose}.
   */
  runTests(source: string, entry: string, tests: readonly TestCase[]): TestOutcome[] {
    if (this.disposed) {
      throw new EnvriggerError("SANDBOX", "this TaskCodeRunner was disposed", { hint: "create a new TaskCodeRunner" });
    }
    if (!isTaskCodeEntryName(entry)) {
      throw new EnvriggerError(
        "BAD_ARGUMENT",
        `task-code entry must be a JavaScript identifier, got ${JSON.stringify(entry)}`,
      );
    }
    const digest = this.digestOf(source);
    const keyPrefix = `${digest}\u0000${entry}\u0000`;
    const results = new Array<TaskCodeCallResult | undefined>(tests.length);
    // Calls not memoized yet, keyed like the memo, with the tests that need each one.
    const pending = new Map<string, number[]>();
    for (let index = 0; index < tests.length; index++) {
      const key = keyPrefix + JSON.stringify((tests[index] as TestCase).args);
      const cached = this.results.get(key);
      if (cached !== undefined) {
        results[index] = cached;
        this.counters.resultsFromCache++;
      } else {
        const waiting = pending.get(key);
        if (waiting) waiting.push(index);
        else pending.set(key, [index]);
      }
    }
    let loadFailure: TaskCodeCallResult | undefined;
    for (const [key, indices] of pending) {
      // A source that did not load fails every remaining call the same way, without retrying.
      let result = loadFailure;
      if (result === undefined) {
        const attempt = this.callFresh(source, digest, entry, (tests[indices[0] as number] as TestCase).args);
        result = attempt.result;
        if (attempt.sourceFailed) loadFailure = result;
      }
      freezeDeep(result);
      this.results.set(key, result);
      for (const index of indices) results[index] = result;
    }
    return tests.map((test, index) => outcomeOf(results[index] as TaskCodeCallResult, test.expected));
  }

  /** A copy of the runner's counters. */
  statistics(): TaskCodeRunnerStatistics {
    return { ...this.counters };
  }

  /** Free the isolate and every cache. Safe to call twice; `runTests` afterwards throws. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.discardIsolate();
    this.results.clear();
  }

  /** The hash of prelude + source that keys the context cache and the memo. */
  private digestOf(source: string): string {
    if (this.lastDigest.digest !== "" && this.lastDigest.source === source) return this.lastDigest.digest;
    const digest = createHash("sha256").update(this.preludeDigest).update("\u0000").update(source).digest("base64");
    this.lastDigest = { source, digest };
    return digest;
  }

  /** Run one call that is not memoized, replacing the isolate when it dies of its memory limit. */
  private callFresh(
    source: string,
    digest: string,
    entry: string,
    args: Json[],
  ): { result: TaskCodeCallResult; sourceFailed: boolean } {
    for (let attempt = 0; ; attempt++) {
      const { isolate } = this.currentIsolate();
      const context = this.contextOf(source, digest);
      const sourceFailed = typeof context === "string";
      let result: TaskCodeCallResult;
      if (typeof context === "string") {
        result = { kind: "error", message: context };
      } else {
        result = context.call(entry, args);
        this.counters.callsExecuted++;
      }
      if (isolate.isDisposed) {
        const shared = this.contextsInIsolate > 1;
        this.discardIsolate();
        // The limit may have been reached with other sources' memory: judge this call alone once.
        if (shared && attempt === 0) continue;
      }
      return { result, sourceFailed };
    }
  }

  /** The loaded context of a source (loading it now if needed), or why it does not load. */
  private contextOf(source: string, digest: string): TaskCodeContext | string {
    const cached = this.contexts.get(digest);
    if (cached !== undefined) return cached;
    const { isolate, scripts } = this.currentIsolate();
    const load = TaskCodeContext.load(isolate, scripts, source, this.limit);
    this.contextsInIsolate++;
    this.counters.contextsCreated++;
    const context = load.loaded ? load.context : load.failure.message;
    // A load that killed the isolate is not cached: the caches of that isolate are dropped.
    if (!isolate.isDisposed) this.contexts.set(digest, context);
    return context;
  }

  /** The live isolate with its compiled bootstrap and prelude, created when missing or dead. */
  private currentIsolate(): { isolate: ivm.Isolate; scripts: TaskCodeScripts } {
    if (this.isolate && this.scripts && !this.isolate.isDisposed)
      return { isolate: this.isolate, scripts: this.scripts };
    this.discardIsolate();
    const isolate = new (isolatedVm().Isolate)({ memoryLimit: this.memoryLimitMb });
    this.counters.isolatesCreated++;
    const elementLimit = Math.floor((this.memoryLimitMb * 1024 * 1024) / 16);
    const scripts: TaskCodeScripts = {
      bootstrap: isolate.compileScriptSync(taskCodeBootstrapSource(elementLimit), {
        filename: "task-code-bootstrap.js",
      }),
    };
    if (this.prelude.trim() !== "") {
      try {
        scripts.prelude = isolate.compileScriptSync(this.prelude, { filename: "task-code-prelude.js" });
      } catch (error) {
        const message = classifyIsolateFailure(error, isolate).message;
        if (!isolate.isDisposed) isolate.dispose();
        throw new EnvriggerError("BAD_ARGUMENT", `the task-code prelude does not compile: ${message}`, {
          cause: error,
        });
      }
    }
    this.isolate = isolate;
    this.scripts = scripts;
    return { isolate, scripts };
  }

  /** Drop the isolate and everything that lived in it (contexts, compiled scripts). */
  private discardIsolate(): void {
    this.contexts.clear();
    this.scripts = undefined;
    this.contextsInIsolate = 0;
    const isolate = this.isolate;
    this.isolate = undefined;
    if (isolate && !isolate.isDisposed) isolate.dispose();
  }
}

/** The outcome of one test from the result of its call. */
function outcomeOf(result: TaskCodeCallResult, expected: Json): TestOutcome {
  switch (result.kind) {
    case "value":
      return { passed: strictEqualJson(result.value, expected), got: result.value, error: false };
    case "text":
      return { passed: false, got: result.text, error: false };
    case "error":
      return { passed: false, got: "error", error: true, errorMessage: result.message };
  }
}

/** Freeze a memoized result and everything in it, so outcomes can share it safely. */
function freezeDeep(value: unknown): void {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const item of Object.values(value)) freezeDeep(item);
}
