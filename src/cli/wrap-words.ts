/**
 * `text` in lines of at most `width` columns, each starting with `indent`, broken between
 * words (a word longer than a line stays whole on its own line).
 */
export function wrapWords(text: string, width: number, indent = ""): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== "" && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  if (line !== "") lines.push(indent + line);
  return lines.join("\n");
}
