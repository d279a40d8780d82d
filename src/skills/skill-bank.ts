import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { parseBoundedJson } from "../core/bounded-json.js";
import { dirname } from "node:path";
import { EnvriggerError } from "../core/errors.js";
import { formatIssues } from "../core/validate.js";
import { storedMemoryItemSchema, type StoredMemoryItem } from "./memory-item.js";

/** What {@link readSkillBank} found. */
export interface SkillBankContents {
  items: StoredMemoryItem[];
  /** Problems that were skipped (a torn last line). */
  warnings: string[];
}

/** Whether a non-empty file's last byte is a newline. */
function endsWithNewline(path: string): boolean {
  const size = statSync(path).size;
  if (size === 0) return true;
  const handle = openSync(path, "r");
  try {
    const buffer = Buffer.alloc(1);
    readSync(handle, buffer, 0, 1, size - 1);
    return buffer[0] === 0x0a;
  } finally {
    closeSync(handle);
  }
}

/**
 * Append items to a skill bank (a JSONL file, append-only), one complete line per
 * `write`: a crash loses at most the line being written. When the file ends in a torn line
 * (an earlier crash), a newline is written first so that the torn fragment stays a line of
 * its own (skipped on load) and never swallows a new item.
 */
export function appendToSkillBank(path: string, items: readonly StoredMemoryItem[]): void {
  // Validate every item before writing any: a bank never holds an invalid item.
  const lines = items.map((item) => `${JSON.stringify(storedMemoryItemSchema.parse(item))}\n`);
  mkdirSync(dirname(path), { recursive: true });
  if (existsSync(path) && !endsWithNewline(path)) appendFileSync(path, "\n");
  for (const line of lines) appendFileSync(path, line);
}

function parseLine(line: string): { ok: true; item: StoredMemoryItem } | { ok: false; torn: boolean; problem: string } {
  const json = parseBoundedJson(line);
  if (!json.ok) {
    // Only unparsable text can be a torn write; a whole line too deep or too large is refused like a bad item.
    return { ok: false, torn: json.reason === "syntax", problem: `not JSON (${json.message})` };
  }
  const parsed = storedMemoryItemSchema.safeParse(json.value);
  return parsed.success
    ? { ok: true, item: parsed.data }
    : { ok: false, torn: false, problem: formatIssues(parsed.error) };
}

/**
 * Read a skill bank. A line that is not JSON is a torn write (the last line of a crashed
 * append, or such a line with items appended after it): it is skipped with a warning. A
 * JSON line that is not a memory item throws `BAD_CONFIG` naming its line number; a missing file throws `FILE_NOT_FOUND`. Items come back in file
 * order, each id once (the first occurrence wins).
 */
export function readSkillBank(path: string): SkillBankContents {
  if (!existsSync(path))
    throw new EnvriggerError("FILE_NOT_FOUND", `skill bank not found: ${path}`, {
      hint: "write one with `envrigger skills extract … --out bank.jsonl`",
    });
  const text = readFileSync(path, "utf8");
  const lines = text.split("\n");
  const lastIndex = text.endsWith("\n") ? lines.length - 2 : lines.length - 1;
  const items: StoredMemoryItem[] = [];
  const seen = new Set<string>();
  const warnings: string[] = [];
  for (let index = 0; index <= lastIndex; index++) {
    const line = (lines[index] as string).trim();
    if (line.length === 0) continue;
    const parsed = parseLine(line);
    if (!parsed.ok) {
      // A line cut short by a crash is not JSON. It is the last line, or — when items were
      // appended after the crash — a line of its own (appendToSkillBank ends it first).
      if (parsed.torn) {
        warnings.push(`${path}:${index + 1}: skipped a torn line (${parsed.problem})`);
        continue;
      }
      throw new EnvriggerError("BAD_CONFIG", `${path}:${index + 1} is not a memory item: ${parsed.problem}`, {
        hint: "a skill bank holds one JSON item per line, as `envrigger skills extract` writes it",
      });
    }
    if (seen.has(parsed.item.id)) continue;
    seen.add(parsed.item.id);
    items.push(parsed.item);
  }
  return { items, warnings };
}
