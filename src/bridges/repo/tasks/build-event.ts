import { z } from "zod";

/** Where a candidate task came from. */
export const taskSourceSchema = z.enum(["historical", "injected"]);

/**
 * Why a candidate was dropped:
 * - `zero-tests`: the suite reported no test at that tree (nothing to grade by);
 * - `test-command-failing`: no test passes at the tree that should pass (the fix commit:
 *   the test command or its runner does not work there);
 * - `no-failing-test`: the bug breaks no test (a mutant the tests miss; new tests that
 *   already pass at the parent);
 * - `flaky`: it breaks tests only in some of the validation runs;
 * - `stopped-by-limit`: a run was stopped by a limit (time, memory, output);
 * - `build-error`: the task cannot be made (the fix cannot be written as edits, a tree
 *   cannot be checked out).
 */
export const dropReasonSchema = z.enum([
  "zero-tests",
  "test-command-failing",
  "no-failing-test",
  "flaky",
  "stopped-by-limit",
  "build-error",
]);
/** Why a candidate was dropped. */
export type DropReason = z.infer<typeof dropReasonSchema>;

/** A candidate the build did not keep, and why. */
export const droppedCandidateSchema = z.object({
  source: taskSourceSchema,
  /** The candidate: a commit (`abc1234 subject`) or a mutation (`` `<` → `<=` at src/a.js:12 ``). */
  candidate: z.string(),
  reason: dropReasonSchema,
  /** What was seen (counts, the runner's last words). */
  detail: z.string(),
});
/** A dropped candidate. */
export type DroppedCandidate = z.infer<typeof droppedCandidateSchema>;

/** One step of a task build, as it happens. */
export const buildEventSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("candidates"), source: taskSourceSchema, count: z.number().int() }),
  z.object({
    kind: z.literal("baseline"),
    source: taskSourceSchema,
    passing: z.number().int(),
    flaky: z.number().int(),
    runs: z.number().int(),
  }),
  z.object({
    kind: z.literal("kept"),
    source: taskSourceSchema,
    candidate: z.string(),
    taskId: z.string(),
    failToPass: z.number().int(),
    passToPass: z.number().int(),
  }),
  droppedCandidateSchema.extend({ kind: z.literal("dropped") }),
]);
/** One step of a task build. */
export type BuildEvent = z.infer<typeof buildEventSchema>;

/** What a task build reports as it goes: one event per candidate tried (and the baseline). */
export type BuildProgress = (event: BuildEvent) => void;

/** An event as one line for a person watching (`repo: …`). */
export function formatBuildEvent(repo: string, event: BuildEvent): string {
  switch (event.kind) {
    case "candidates":
      return `${repo}: ${event.count} ${event.source} candidates`;
    case "baseline":
      return `${repo}: baseline ${event.passing} tests pass in ${event.runs} runs, ${event.flaky} flaky left out`;
    case "kept":
      return `${repo}: ${event.candidate}: kept as ${event.taskId} (${event.failToPass} fail to pass, ${event.passToPass} pass to pass)`;
    case "dropped":
      return `${repo}: ${event.candidate}: dropped, ${event.reason} (${event.detail})`;
  }
}
