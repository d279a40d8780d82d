import { readFileSync } from "node:fs";

/** What a process has used so far: peak memory and CPU time, split by thread where the OS says. */
export interface ProcessUsage {
  /** Peak resident memory, in KiB. */
  maxRssKb: number;
  /** CPU time of every thread (user + system), in ms. */
  cpuMs: number;
  /**
   * CPU time of the main (JavaScript) thread, in ms; the rest is V8's helper threads
   * (optimising compiler, garbage collector) and libuv's. `null` where `/proc` has no
   * per-thread schedstat (not Linux).
   */
  mainThreadCpuMs: number | null;
}

/** CPU time of thread `threadId` of this process in ms, from `/proc/self/task/<tid>/schedstat`; `null` when unavailable. */
function threadCpuMs(threadId: number): number | null {
  try {
    const [nanoseconds] = readFileSync(`/proc/self/task/${threadId}/schedstat`, "utf8").trim().split(/\s+/);
    const value = Number(nanoseconds);
    return Number.isFinite(value) ? value / 1e6 : null;
  } catch {
    return null;
  }
}

/** This process's {@link ProcessUsage} now. */
export function processUsage(): ProcessUsage {
  const { maxRSS, userCPUTime, systemCPUTime } = process.resourceUsage();
  return { maxRssKb: maxRSS, cpuMs: (userCPUTime + systemCPUTime) / 1000, mainThreadCpuMs: threadCpuMs(process.pid) };
}
