import { openSync, readSync } from "node:fs";

/** The calling thread's on-CPU time in ns, kept by Linux's scheduler (exact, not sampled). */
const threadSchedstat = "/proc/thread-self/schedstat";

/**
 * The file stays open: `thread-self` resolves to the thread that opened it, and each worker
 * thread has its own instance of this module, so the descriptor always names the caller's
 * thread. Reading an open descriptor costs ~4 µs; opening it per read costs ~11 µs.
 */
let schedstat: { fd: number; buffer: Buffer } | null | undefined;

function schedstatMilliseconds(): number | undefined {
  try {
    if (schedstat === undefined) schedstat = { fd: openSync(threadSchedstat, "r"), buffer: Buffer.alloc(128) };
    if (schedstat === null) return undefined;
    const length = readSync(schedstat.fd, schedstat.buffer, 0, schedstat.buffer.length, 0);
    const text = schedstat.buffer.toString("latin1", 0, length);
    const nanoseconds = Number(text.slice(0, text.indexOf(" ")));
    return Number.isFinite(nanoseconds) ? nanoseconds / 1e6 : undefined;
  } catch {
    schedstat = null;
    return undefined;
  }
}

/**
 * The CPU time the calling thread has used, in ms: Linux's per-thread scheduler clock
 * (`/proc/thread-self/schedstat`), which counts only time the thread ran on a core — not
 * time it waited for one, so a loaded machine does not stretch it. A synchronous isolated-vm
 * call runs the isolate on the calling thread, so this is the isolate's CPU time while it
 * runs: the clock of the Rules hooks' budget and of the task code's time limit. Elsewhere it
 * falls back to the process's CPU time (`process.cpuUsage()`), which also counts the
 * process's other threads. (isolated-vm's own `isolate.cpuTime` is not used: on this build it
 * advances with the wall clock while the isolate runs, preempted or not — measured 933 ms of
 * it for 189 ms of CPU with two busy processes on the same core.) A read costs ~4 µs.
 */
export function threadCpuMilliseconds(): number {
  const milliseconds = schedstatMilliseconds();
  if (milliseconds !== undefined) return milliseconds;
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}
