/** Render rows as a plain-text table with a header and right-aligned numbers. */
export function formatTable(header: string[], rows: Array<Array<string | number>>): string {
  const cells = [header, ...rows.map((row) => row.map((cell) => String(cell)))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? "").length)));
  const numeric = header.map(
    (_, column) =>
      rows.length > 0 &&
      rows.every((row) => typeof row[column] === "number" || /^[\d.%–\-[\], ]+$/.test(String(row[column]))),
  );
  const line = (row: string[]) =>
    row
      .map((cell, column) => (numeric[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join("  ")
      .trimEnd();
  return (
    [line(cells[0]!), widths.map((width) => "-".repeat(width)).join("  "), ...cells.slice(1).map(line)].join("\n") +
    "\n"
  );
}

/** A rate as a percentage with one decimal. */
export function percent(value: number | null | undefined): string {
  return value === null || value === undefined ? "-" : `${(value * 100).toFixed(1)}%`;
}

/** A number with fixed decimals. */
export function fixed(value: number | null | undefined, digits = 2): string {
  return value === null || value === undefined ? "-" : value.toFixed(digits);
}
