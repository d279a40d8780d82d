import { shellQuote } from "./shell-quote.js";

/** A runner whose command line envrigger extends so it reports each test: its own JSON report (jest, vitest) or TAP on stdout (ava). */
export type ReportingRunner = "jest" | "vitest" | "ava";

/** A command that runs the runner itself as its last step (`npx vitest run …`, `ava …`), not through a pipe or a script. */
const RUNNERS: ReadonlyArray<[ReportingRunner, RegExp]> = [
  ["jest", /(^|[\s/])jest(\s+[^|&;<>]*)?$/],
  ["vitest", /(^|[\s/])vitest(\s+[^|&;<>]*)?$/],
  ["ava", /(^|[\s/])ava(\s+[^|&;<>]*)?$/],
];

/** The runner `command` ends by running, when it is one whose report envrigger can ask for; null otherwise. */
export function reportingRunner(command: string): ReportingRunner | null {
  const trimmed = command.trim();
  return RUNNERS.find(([, pattern]) => pattern.test(trimmed))?.[0] ?? null;
}

/**
 * The command with the runner's per-test report turned on and limited to `files` when
 * given: jest `--json --outputFile` (files as escaped path patterns), vitest
 * `--reporter=json --outputFile` (files as filters), ava `--tap` (files as arguments).
 */
export function withRunnerReport(
  runner: ReportingRunner,
  command: string,
  reportFile: string,
  files: readonly string[] = [],
): string {
  const words = [command.trim()];
  if (runner === "jest") {
    words.push("--json", `--outputFile=${shellQuote(reportFile)}`);
    words.push(...files.map((file) => shellQuote(`${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`)));
  } else if (runner === "vitest") {
    words.push("--reporter=json", `--outputFile=${shellQuote(reportFile)}`, ...files.map(shellQuote));
  } else words.push("--tap", ...files.map(shellQuote));
  return words.join(" ");
}
