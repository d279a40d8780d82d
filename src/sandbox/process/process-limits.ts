import { z } from "zod";

/**
 * What one isolated run may use. CPU time, memory, file size and process count are
 * per-process kernel limits (setrlimit: RLIMIT_CPU, RLIMIT_DATA, RLIMIT_FSIZE, RLIMIT_NPROC
 * counted inside the sandbox); output and wall time are counted by the caller's side, over
 * the whole process tree.
 */
export const processLimitsSchema = z.object({
  /** CPU seconds per process (RLIMIT_CPU); a process past it is killed. */
  cpuSeconds: z.number().int().positive(),
  /** Writable memory per process in bytes (RLIMIT_DATA: heap and private mappings). */
  memoryBytes: z.number().int().positive(),
  /** Processes and threads of the sandbox's user at once (RLIMIT_NPROC). */
  processes: z.number().int().positive(),
  /** Bytes of stdout plus stderr; past it the run is killed. */
  outputBytes: z.number().int().positive(),
  /** Wall-clock milliseconds for the whole run, the backstop. */
  wallMs: z.number().int().positive(),
  /** Largest file a process may write, in bytes (RLIMIT_FSIZE). */
  fileBytes: z.number().int().positive(),
  /** Size of the sandbox's private /tmp (a tmpfs), in bytes. */
  tmpBytes: z.number().int().positive(),
});

/** The limits of an isolated run. */
export type ProcessLimits = z.infer<typeof processLimitsSchema>;

/**
 * Defaults sized for a small repository's test suite (a node test runner, perhaps a worker
 * pool): generous for honest suites, small enough that a runaway edit stops in seconds.
 */
export const defaultProcessLimits: ProcessLimits = {
  cpuSeconds: 30,
  memoryBytes: 2 * 1024 ** 3,
  processes: 256,
  outputBytes: 4 * 1024 ** 2,
  wallMs: 60_000,
  fileBytes: 64 * 1024 ** 2,
  tmpBytes: 128 * 1024 ** 2,
};

/** The defaults with the caller's overrides. */
export function resolveProcessLimits(limits: Partial<ProcessLimits> = {}): ProcessLimits {
  return processLimitsSchema.parse({ ...defaultProcessLimits, ...limits });
}
