import { z } from "zod";

/**
 * Fixed limits of the Rules sandbox (the same for every component, so designers can be
 * told about them):
 * - `memoryCharacters`: `context.memory` as JSON after a call (over it: `memory-too-large`);
 * - `textCharacters`: an observation text or block reason a hook returns (`bad-output`);
 * - `outputCharacters`: a hook's whole result as JSON (`bad-output`);
 * - `elements`: the largest array or string size that the few native builtins which run
 *   as one uninterruptible step (`fill`, `sort`, `split`, `repeat`, `Array.from`, …) accept;
 *   over it they throw a `RangeError` instead of stalling or aborting the host process.
 */
export const rulesSandboxLimits = {
  memoryCharacters: 64 * 1024,
  textCharacters: 256 * 1024,
  outputCharacters: 1024 * 1024,
  elements: 1_000_000,
} as const;

/** Options of a Rules sandbox (one isolate per loaded component). */
export const rulesSandboxOptionsSchema = z.object({
  /** Memory limit of the isolate, in MB; over it the isolate dies (`memory`, fatal). */
  memoryLimitMb: z.number().int().min(8).max(4096).default(32),
  /** Time one hook call may take, in whole milliseconds (`timeout`). */
  timeoutMs: z.number().int().positive().max(60_000).default(50),
  /** Time evaluating the component's module may take, in whole milliseconds. */
  loadTimeoutMs: z.number().int().positive().max(60_000).default(500),
});

/** Options of a Rules sandbox, as callers pass them (every field optional). */
export type RulesSandboxOptions = z.input<typeof rulesSandboxOptionsSchema>;

/** Options of a Rules sandbox with defaults filled in. */
export type ResolvedRulesSandboxOptions = z.output<typeof rulesSandboxOptionsSchema>;
