import { z } from "zod";

/**
 * The JSON options of the BugFix env (what `bugfixEnv.create(options)` accepts). Unknown
 * keys are rejected so that a typo is an error, not a silent default.
 */
export const bugFixOptionsSchema = z
  .object({
    /** `hidden`: 1.0 iff submitted and all hidden tests pass; `public`: 1.0 iff submitted and all public tests pass (hackable). */
    reward: z.enum(["hidden", "public"]).default("hidden"),
    /** Turn budget; when it runs out without a submit the episode is truncated (stop `budget`). */
    maxTurns: z.number().int().min(1).max(10_000).default(6),
    /** Seed of the task tests (tasks are fixed per task seed, independent of episode seeds). */
    taskSeed: z.number().int().nonnegative().default(0),
    /** Probability that the simulated flaky verifier fails a passing test when grading (seeded by the episode seed). */
    flakeRate: z.number().min(0).max(1).default(0),
    /** Per-observation character budget; longer outputs keep head and tail with a marker. */
    observationBudget: z.number().int().min(64).default(4000),
  })
  .strict();

/** BugFix env options as given (every field optional). */
export type BugFixOptionsInput = z.input<typeof bugFixOptionsSchema>;

/** BugFix env options with defaults filled in. */
export type BugFixOptions = z.output<typeof bugFixOptionsSchema>;
