/** The lines of a file's content (a final newline does not start another line). */
export function splitLines(content: string): string[] {
  if (content === "") return [];
  const lines = content.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/**
 * Number lines like `cat -n`: the 1-based line number right-aligned in six columns, a
 * tab, then the line. `firstNumber` is the number of the first line given.
 */
export function numberLines(lines: readonly string[], firstNumber = 1): string {
  return lines.map((line, index) => `${String(firstNumber + index).padStart(6, " ")}\t${line}`).join("\n");
}
