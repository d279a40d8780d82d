/** A command that runs jest itself as its last step (`npx jest …`, `jest …`), not through a pipe or a script. */
const JEST_COMMAND = /(^|[\s/])jest(\s+[^|&;<>]*)?$/;

/** Whether `command` runs jest in a way {@link withJestReport} can extend. */
export function runsJest(command: string): boolean {
  return JEST_COMMAND.test(command.trim());
}

/** Quote one shell word. */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * The jest command writing its own JSON report to `reportFile`, limited to `files` when
 * given (jest reads extra arguments as test-path patterns: each file, regex-escaped).
 */
export function withJestReport(command: string, reportFile: string, files?: string[]): string {
  const patterns = (files ?? []).map((file) => shellQuote(`${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  return [command.trim(), "--json", `--outputFile=${shellQuote(reportFile)}`, ...patterns].join(" ");
}
