/**
 * The code in a `read` projection: the lines from the first `function NAME (` header on,
 * when its braces balance (a truncated or masked projection gives null).
 */
export function codeProjectionOf(text: string): string | null {
  const lines = text.split("\n");
  const start = lines.findIndex((line) => /^function \S+ \(/.test(line.trim()));
  if (start < 0) return null;
  const code = lines.slice(start);
  let depth = 0;
  for (const [index, line] of code.entries()) {
    for (const token of line.trim().split(" ")) {
      if (token === "{") depth += 1;
      if (token === "}") depth -= 1;
    }
    if (depth === 0 && index > 0) return code.slice(0, index + 1).join("\n");
  }
  return null;
}
