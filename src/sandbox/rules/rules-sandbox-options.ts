import { z } from "zod";
import { rulesSandboxLimits } from "./isolate-code/limits.js";

export { rulesSandboxLimits };

/** The wall-clock backstop of a hook when none is given: this many times its CPU-time budget, and at least {@link minimumWallTimeoutMs}. */
export const wallTimeoutFactor = 20;
/** The smallest default wall-clock backstop of a hook, in ms. */
export const minimumWallTimeoutMs = 1_000;

/**
 * Options of a Rules sandbox (one isolate per group of consecutive Rules layers; a single
 * layer is a group of one). A hook's limit is CPU time, so a loaded machine (which stretches wall
 * time, not the work a hook does) does not fail sound components: `timeoutMs` is the CPU
 * time one hook may use (measured by isolated-vm per isolate, to within 1 ms: see
 * `isolate-code/budget.ts`); a hook that never returns is stopped by the wall-clock
 * backstop `wallTimeoutMs` (by default {@link wallTimeoutFactor} × `timeoutMs`, at least
 * {@link minimumWallTimeoutMs}). Both answer `timeout`.
 */
export const rulesSandboxOptionsSchema = z
  .object({
    /** Memory limit of the isolate, in MB; over it the isolate dies (`memory`, fatal). */
    memoryLimitMb: z.number().int().min(8).max(4096).default(32),
    /** CPU time one hook call may use, in whole milliseconds (`timeout`). */
    timeoutMs: z.number().int().positive().max(60_000).default(50),
    /** Wall time after which a hook call is stopped whatever its CPU time, in whole ms (at least `timeoutMs`). */
    wallTimeoutMs: z.number().int().positive().max(600_000).optional(),
    /** Time evaluating the component's module may take, in whole milliseconds (wall clock). */
    loadTimeoutMs: z.number().int().positive().max(60_000).default(500),
  })
  .refine((options) => options.wallTimeoutMs === undefined || options.wallTimeoutMs >= options.timeoutMs, {
    message: "wallTimeoutMs must be at least timeoutMs",
    path: ["wallTimeoutMs"],
  })
  .transform((options) => ({
    ...options,
    wallTimeoutMs:
      options.wallTimeoutMs ?? Math.min(600_000, Math.max(minimumWallTimeoutMs, wallTimeoutFactor * options.timeoutMs)),
  }));

/** Options of a Rules sandbox, as callers pass them (every field optional). */
export type RulesSandboxOptions = z.input<typeof rulesSandboxOptionsSchema>;

/** Options of a Rules sandbox with defaults filled in. */
export type ResolvedRulesSandboxOptions = z.output<typeof rulesSandboxOptionsSchema>;
