import type { RepoTestRun } from "../test-results/index.js";

/** The lines of the runner's output kept after the summary (its own failure messages). */
const OUTPUT_TAIL = 2500;

/** Counts of one run (skipped tests count neither way). */
export function runCounts(run: RepoTestRun): { passed: number; failed: number; ok: boolean } {
  const passed = run.tests.filter((test) => test.status === "pass").length;
  const failed = run.tests.filter((test) => test.status === "fail").length;
  return { passed, failed, ok: run.stop === "exited" && run.exitCode === 0 && failed === 0 && passed > 0 };
}

/**
 * What the agent sees of a test run: a summary line, one `FAIL <test>` line per failing
 * test, the stop reason when a limit ended the run, and the tail of the runner's own
 * output (assertion messages, stack traces) — what a developer would read.
 */
export function formatTestRun(run: RepoTestRun): string {
  const { passed, failed } = runCounts(run);
  const skipped = run.tests.length - passed - failed;
  const lines = [
    `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""} (exit code ${run.exitCode ?? "none"})`,
  ];
  if (run.stop !== "exited") lines.push(`the test run was stopped: ${run.stop}`);
  for (const test of run.tests) if (test.status === "fail") lines.push(`FAIL ${test.id}`);
  if (failed > 0 || run.exitCode !== 0 || run.stop !== "exited") {
    const output = run.output.trim();
    lines.push(
      "",
      "--- runner output (end) ---",
      output.length > OUTPUT_TAIL ? `…${output.slice(-OUTPUT_TAIL)}` : output,
    );
  }
  return lines.join("\n");
}
