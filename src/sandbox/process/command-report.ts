/** What the in-sandbox wrapper measured of the command itself. */
export interface CommandReport {
  /** Wall-clock milliseconds from just before the command to just after it. */
  commandMs: number;
  /** User + system CPU milliseconds of the command's finished processes. */
  cpuMs: number;
}

/** `1m2.500000s` (the `times` builtin's format) in milliseconds. */
function timesMilliseconds(value: string): number {
  const match = /^(\d+)m([\d.]+)s$/.exec(value);
  return match ? (Number(match[1]) * 60 + Number(match[2])) * 1000 : 0;
}

/**
 * Read the wrapper's report: a line `start-ns end-ns exit-code`, then `times` (the shell's
 * own user/system time, then its children's). Null when the command was killed before the
 * wrapper could write it, or when the text is not that.
 */
export function parseCommandReport(text: string): CommandReport | null {
  const lines = text.trim().split("\n");
  const stamps = /^(\d+) (\d+) \d+$/.exec(lines[0] ?? "");
  if (!stamps) return null;
  const commandMs = Number(BigInt(stamps[2]) - BigInt(stamps[1])) / 1e6;
  const cpuMs = lines
    .slice(1)
    .flatMap((line) => line.trim().split(/\s+/))
    .reduce((sum, value) => sum + timesMilliseconds(value), 0);
  return { commandMs, cpuMs };
}
