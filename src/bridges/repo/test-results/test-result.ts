import { z } from "zod";

/** How one test ended. */
export const testStatusSchema = z.enum(["pass", "fail", "skip"]);
/** How one test ended. */
export type TestStatus = z.infer<typeof testStatusSchema>;

/** One test as a runner reported it, before it has an id. */
export const testRecordSchema = z.object({
  /** The test file, relative to the workspace ("" when the runner does not say). */
  file: z.string(),
  /** The enclosing suites / describe blocks, outermost first. */
  suite: z.array(z.string()),
  name: z.string(),
  status: testStatusSchema,
});
/** One test as a runner reported it. */
export type TestRecord = z.infer<typeof testRecordSchema>;

/** A line of the preloaded reporter: a record and the runner it came from. */
export const reporterEventSchema = testRecordSchema.extend({ runner: z.enum(["uvu", "tape", "mocha"]) });
/** A line of the preloaded reporter. */
export type ReporterEvent = z.infer<typeof reporterEventSchema>;

/** One test's result, with an id stable across runs of the same tree. */
export interface TestResult {
  /** `file > suite … > name`, with ` #2`, ` #3` … on repeated names. */
  id: string;
  file: string;
  name: string;
  status: TestStatus;
}

/**
 * Where per-test results came from: a runner's own events (uvu, tape, mocha, through the
 * preloaded reporter), jest's or vitest's JSON report, ava's TAP (`--tap`), TAP on stdout
 * (node:test and others), or — for a runner none of these
 * reads — one run per test file, judged by its exit code.
 */
export const testAdapterSchema = z.enum(["uvu", "tape", "mocha", "jest", "vitest", "ava", "tap", "per-file"]);
/** Where per-test results came from. */
export type TestAdapter = z.infer<typeof testAdapterSchema>;
