import { readFileSync } from "node:fs";
import ivm from "isolated-vm";

/** The calling thread's on-CPU time in ns, kept by Linux's scheduler (exact, not sampled). */
const threadSchedstat = "/proc/thread-self/schedstat";

function schedstatMilliseconds(): number | undefined {
  try {
    const nanoseconds = Number(readFileSync(threadSchedstat, "utf8").split(" ")[0]);
    return Number.isFinite(nanoseconds) ? nanoseconds / 1e6 : undefined;
  } catch {
    return undefined;
  }
}

/** Whether this system has the per-thread clock (decided once). */
const hasThreadClock = schedstatMilliseconds() !== undefined;

/**
 * The CPU time the calling thread has used, in ms: Linux's per-thread scheduler clock
 * (`/proc/thread-self/schedstat`), which counts only time the thread ran on a core — not
 * time it waited for one, so a loaded machine does not stretch it. A synchronous isolated-vm
 * call runs the isolate on the calling thread, so this is the isolate's CPU time while it
 * runs. Elsewhere it falls back to the process's CPU time (`process.cpuUsage()`), which also
 * counts the process's other threads. (isolated-vm's own `isolate.cpuTime` is not used: on
 * this build it advances with the wall clock while the isolate runs, preempted or not.)
 * A read costs tens of µs; the sandbox reads it only for slow hooks.
 */
export function threadCpuMilliseconds(): number {
  if (hasThreadClock) {
    const milliseconds = schedstatMilliseconds();
    if (milliseconds !== undefined) return milliseconds;
  }
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/**
 * Give the bootstrap of an isolate (its frozen API object, see `rulesBootstrapScript`) its
 * per-hook CPU-time budget and its clock: a host callback answering
 * {@link threadCpuMilliseconds}, kept in the bootstrap's closure (component code cannot
 * reach it; it only answers a number). The bootstrap reads it only for a hook that ran
 * longer than its budget on the wall clock, and to refresh its reference reading at most
 * once per tenth of the budget of wall time (see `rulesBootstrapBudget`).
 */
export function configureHookBudget(bootstrapApi: ivm.Reference, budgetMs: number): void {
  const configure: ivm.Reference = bootstrapApi.getSync("configureBudget", { reference: true });
  configure.applySync(undefined, [budgetMs, new ivm.Callback(() => threadCpuMilliseconds())]);
  configure.release();
}
