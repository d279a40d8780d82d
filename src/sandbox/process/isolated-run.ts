import { z } from "zod";
import { processLimitsSchema } from "./process-limits.js";

/**
 * How a run is confined: `bwrap` (bubblewrap: no network, read-only outside the workspace,
 * its own /tmp and process tree, an unprivileged user) or `none-explicit` (a plain child
 * process with the same resource limits, for a user who said so).
 */
export const isolationSchema = z.enum(["bwrap", "none-explicit"]);
/** How a run is confined. */
export type Isolation = z.infer<typeof isolationSchema>;

/** Why an isolated run ended. */
export const isolatedStopSchema = z.enum([
  /** The command ended by itself (any exit code, or a signal that is none of the limits below). */
  "exited",
  /** A process used up its CPU seconds. */
  "cpu-limit",
  /** A process ran out of its memory limit. */
  "memory-limit",
  /** The process limit was reached (a fork failed). */
  "process-limit",
  /** stdout plus stderr passed the output limit. */
  "output-limit",
  /** The whole run passed its wall-clock limit. */
  "wall-timeout",
  /** The command could not be started. */
  "spawn-failed",
]);
/** Why an isolated run ended. */
export type IsolatedStop = z.infer<typeof isolatedStopSchema>;

/** What to run in isolation. */
export const isolatedRunOptionsSchema = z.object({
  /** The command and its arguments (no shell: pass ["sh", "-c", line] for one). */
  argv: z.array(z.string()).min(1),
  /** The absolute directory the command may write; everything else is read-only or hidden. */
  workspace: z.string(),
  /** The working directory, absolute or relative to the workspace (default: the workspace). */
  cwd: z.string().optional(),
  /** Environment variables on top of a minimal PATH/HOME/TMPDIR/LANG (nothing else of the host leaks in). */
  env: z.record(z.string(), z.string()).default({}),
  limits: processLimitsSchema.partial().default({}),
  isolation: isolationSchema,
  /** Host paths to show read-only even where the sandbox hides the host (under /tmp or a home directory). */
  readOnlyPaths: z.array(z.string()).default([]),
  /** Host paths besides the workspace the command may write (e.g. a report directory). */
  writablePaths: z.array(z.string()).default([]),
  /** Existing directories the command sees empty and writable, its writes gone after the run (bwrap only: unconfined, they are the host's). */
  scratchPaths: z.array(z.string()).default([]),
});
/** What to run in isolation (the caller's form: defaults may be left out). */
export type IsolatedRunOptions = z.input<typeof isolatedRunOptionsSchema>;

/** What an isolated run did. */
export interface IsolatedRunResult {
  /** The command's exit code, or null when it ended by a signal. */
  exitCode: number | null;
  /** The signal that ended it, or null. */
  signal: string | null;
  /** stdout, cut at the output limit. */
  stdout: string;
  /** stderr, cut at the output limit. */
  stderr: string;
  stop: IsolatedStop;
  /** Wall-clock milliseconds of the whole call, sandbox setup and teardown included. */
  wallMs: number;
  /** Wall-clock milliseconds of the command itself, measured inside the sandbox (null when it was killed). */
  commandMs: number | null;
  /** CPU milliseconds (user + system) of the command's finished processes (null when it was killed). */
  cpuMs: number | null;
}
