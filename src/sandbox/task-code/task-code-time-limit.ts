import type ivm from "isolated-vm";
import { classifyIsolateFailure, type IsolateFailure } from "../isolate/isolate-failure.js";
import { threadCpuMilliseconds } from "../isolate/thread-cpu-clock.js";

/**
 * How long one piece of task code may run: `cpuTimeMs` of CPU time (the limit that decides),
 * and at most `wallTimeMs` of wall-clock time (a backstop, for a thread starved so badly that
 * the CPU limit is never reached).
 */
export interface TaskCodeTimeLimit {
  cpuTimeMs: number;
  wallTimeMs: number;
}

/** The first attempt's wall-clock budget, relative to the CPU limit (slack for timer and accounting overhead). */
const FIRST_WALL_FACTOR = 1.25;

/** The outcome of {@link runWithinTimeLimit}: the value, or why the run failed. */
export type TimedRun<T> = { ok: true; value: T } | { ok: false; error: unknown; failure: IsolateFailure };

const timeout: IsolateFailure = { kind: "timeout", message: "timeout" };

/**
 * Run `attempt(timeoutMs)` — one synchronous isolated-vm run with that wall-clock timeout,
 * which must be safe to repeat (task code is a pure function; a load uses a fresh context
 * per attempt) — under a CPU-time limit, so a result does not depend on how loaded the
 * machine is:
 *
 * - The first attempt gets a wall-clock budget of 1.25 × the CPU limit (capped by the
 *   backstop), so an unloaded busy loop stops as soon as today's wall-clock limit would
 *   stop it (and a growing allocation loop gets no more time than before).
 * - An attempt that timed out having used less CPU than the limit was starved, not slow:
 *   it is run again with twice the wall-clock budget, up to `wallTimeMs`.
 * - An attempt that used more CPU than the limit is a timeout, whether it finished or not.
 *
 * `discard` frees a value that came back over the CPU limit (a handle into the isolate).
 * So a busy loop times out under any load, and a call that needs little CPU passes
 * however slow the wall clock is, up to the backstop.
 */
export function runWithinTimeLimit<T>(
  isolate: ivm.Isolate,
  limit: TaskCodeTimeLimit,
  attempt: (timeoutMs: number) => T,
  discard?: (value: T) => void,
): TimedRun<T> {
  // isolated-vm takes whole milliseconds.
  let wall = Math.ceil(Math.min(limit.wallTimeMs, limit.cpuTimeMs * FIRST_WALL_FACTOR));
  for (;;) {
    const started = threadCpuMilliseconds();
    let outcome: TimedRun<T>;
    try {
      outcome = { ok: true, value: attempt(wall) };
    } catch (error) {
      outcome = { ok: false, error, failure: classifyIsolateFailure(error, isolate) };
    }
    const used = threadCpuMilliseconds() - started;
    if (outcome.ok) {
      if (used <= limit.cpuTimeMs) return outcome;
      discard?.(outcome.value);
      return { ok: false, error: undefined, failure: timeout };
    }
    if (outcome.failure.kind !== "timeout") return outcome;
    if (used >= limit.cpuTimeMs || wall >= limit.wallTimeMs) return outcome;
    wall = Math.ceil(Math.min(limit.wallTimeMs, wall * 2));
  }
}
