import type { IsolatedStop } from "./isolated-run.js";

/** What was observed of a finished run, for {@link classifyStop}. */
export interface RunObservation {
  /** Set when the caller's side killed the run. */
  killedFor: "wall-timeout" | "output-limit" | null;
  exitCode: number | null;
  signal: string | null;
  /** The tail of stdout and stderr, where runtimes say why they died. */
  outputTail: string;
  /** CPU milliseconds of the command's finished processes, when the wrapper reported them. */
  cpuMs: number | null;
  /** The per-process CPU limit in milliseconds. */
  cpuLimitMs: number;
}

/** Exit codes of a shell whose child died of SIGXCPU (128 + 24) or SIGKILL (128 + 9). */
const SIGXCPU_EXIT = 152;
const SIGKILL_EXIT = 137;

const MEMORY_MARKERS =
  /JavaScript heap out of memory|Fatal process out of memory|Cannot allocate memory|ENOMEM|std::bad_alloc|MemoryError|Out of memory/;
/** A fork or thread creation that failed: what a process-count limit looks like from inside. */
const PROCESS_MARKERS =
  /spawn(\s\S+)? EAGAIN|syscall: 'spawn|Cannot fork|fork: (retry|Resource temporarily unavailable)|uv_thread_create|pthread_create|Too many processes/;
const CPU_MARKERS = /SIGXCPU|CPU time limit exceeded/;

/**
 * Why a run ended. The caller's own output kill is certain; a kernel limit shows as the
 * signal it sends (SIGXCPU for CPU time) or, once a runtime in between (npm, a test
 * runner) has turned that into an exit code, as the message the failing process printed.
 * Memory and CPU messages count only in a run that failed. Failed forks count in any run,
 * and before the wall clock: a fork bomb fills the process table and then hangs, or its
 * root survives while its children fail, so the process limit is the cause either way.
 */
export function classifyStop(observation: RunObservation): IsolatedStop {
  if (observation.killedFor === "output-limit") return "output-limit";
  if (PROCESS_MARKERS.test(observation.outputTail)) return "process-limit";
  if (observation.killedFor) return observation.killedFor;
  if (observation.exitCode === 0) return "exited";
  if (observation.signal === "SIGXCPU" || observation.exitCode === SIGXCPU_EXIT) return "cpu-limit";
  if (CPU_MARKERS.test(observation.outputTail)) return "cpu-limit";
  // The hard limit (a second past the soft one) kills with SIGKILL, which names no cause.
  const killed = observation.signal === "SIGKILL" || observation.exitCode === SIGKILL_EXIT;
  if (killed && observation.cpuMs !== null && observation.cpuMs >= observation.cpuLimitMs) return "cpu-limit";
  if (MEMORY_MARKERS.test(observation.outputTail)) return "memory-limit";
  return "exited";
}
