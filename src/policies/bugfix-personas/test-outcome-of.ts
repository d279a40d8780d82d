/** What a `test` call showed: every line passed, some failed, or nothing recognisable (masked, truncated, refused). */
export type TestOutcome = "pass" | "fail" | "unknown";

/** Read a `test` report: `pass` when every line passes, `fail` when a line fails, else `unknown`. */
export function testOutcomeOf(text: string): TestOutcome {
  const lines = text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  if (lines.some((line) => /^fail\b/.test(line))) return "fail";
  if (lines.length > 0 && lines.every((line) => line === "pass")) return "pass";
  return "unknown";
}
