import { type ReporterEvent, reporterEventSchema } from "./test-result.js";

/**
 * The preloaded reporter's JSON lines, in order; a line that is not a record (cut by a
 * kill, or written by something else) is left out.
 */
export function parseReporterEvents(text: string): ReporterEvent[] {
  const records: ReporterEvent[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    const parsed = reporterEventSchema.safeParse(value);
    if (parsed.success) records.push(parsed.data);
  }
  return records;
}
