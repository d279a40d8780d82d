const oppositeDirections: Readonly<Record<string, string>> = {
  north: "south",
  south: "north",
  east: "west",
  west: "east",
  northeast: "southwest",
  southwest: "northeast",
  northwest: "southeast",
  southeast: "northwest",
  up: "down",
  down: "up",
};

/**
 * The command that undoes `command`, when there is an obvious one: `go north` ↔ `go south`,
 * `open X` ↔ `close X`, `lock X with K` ↔ `unlock X with K`, `drop X` → `take X`,
 * `put X on Y` / `insert X into Y` → `take X from Y`. `null` for commands that change
 * nothing worth undoing (`examine`, `take`, `look`) or cannot be undone (`eat`).
 */
export function inverseCommand(command: string): string | null {
  const words = command.trim().toLowerCase().replace(/\s+/g, " ");
  const direction = /^(?:go )?(\w+)$/.exec(words)?.[1];
  if (direction !== undefined && oppositeDirections[direction]) return `go ${oppositeDirections[direction]}`;
  const rules: Array<[RegExp, (match: RegExpExecArray) => string]> = [
    [/^open (.+)$/, (match) => `close ${match[1]}`],
    [/^close (.+)$/, (match) => `open ${match[1]}`],
    [/^lock (.+) with (.+)$/, (match) => `unlock ${match[1]} with ${match[2]}`],
    [/^unlock (.+) with (.+)$/, (match) => `lock ${match[1]} with ${match[2]}`],
    [/^drop (.+)$/, (match) => `take ${match[1]}`],
    [/^put (.+) (?:on|in) (.+)$/, (match) => `take ${match[1]} from ${match[2]}`],
    [/^insert (.+) into (.+)$/, (match) => `take ${match[1]} from ${match[2]}`],
  ];
  for (const [pattern, inverse] of rules) {
    const match = pattern.exec(words);
    if (match) return inverse(match);
  }
  return null;
}
