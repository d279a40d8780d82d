const numberedLine = /^ *\d+\t(.*)$/;

/**
 * Undo `cat -n` numbering (as the Read tool prints it): the text of each numbered line,
 * joined by newlines. `null` when some line is not numbered (not a file listing).
 */
export function stripLineNumbers(numbered: string): string | null {
  const lines: string[] = [];
  for (const line of numbered.split("\n")) {
    const match = numberedLine.exec(line);
    if (!match) return null;
    lines.push(match[1] as string);
  }
  return lines.join("\n");
}
