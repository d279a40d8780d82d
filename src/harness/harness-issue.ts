/**
 * A problem found in a harness component, returned as data (to a designer, a CLI report)
 * instead of thrown: a stable `code`, a message saying what was expected, and the 1-based
 * line (or list position) it refers to when there is one.
 */
export interface HarnessIssue {
  code: string;
  message: string;
  line?: number;
}

/** Render issues as lines `- [code] message (line n)`, for error messages and reports. */
export function formatHarnessIssues(issues: readonly HarnessIssue[]): string {
  return issues
    .map((issue) => `- [${issue.code}] ${issue.message}${issue.line === undefined ? "" : ` (line ${issue.line})`}`)
    .join("\n");
}
