import type { TestRecord } from "./test-result.js";

const TEST_POINT = /^(\s*)(not )?ok\b(?:\s+\d+)?(?:\s*-)?\s*(.*?)\s*(?:#\s*(SKIP|TODO)\b.*)?$/i;
const COMMENT = /^#\s+(.*)$/;
/** Comments that are no test's name: totals, and node's `# Subtest:` announcements (the test point names it). */
const SUMMARY = /^(tests|pass|fail|skip|skipped|todo|ok|cancelled|duration_ms|suites|Subtest:)(\s|$)/i;

/**
 * Tests from TAP on stdout. Tape style (assertions grouped under `# name` comments): one
 * test per comment, failed when any of its assertions is. Otherwise (node --test and other
 * producers): one test per test point at the outermost indentation. A TODO that fails does
 * not fail. Empty when the text holds no TAP.
 */
export function parseTap(text: string): TestRecord[] {
  const lines = text.split("\n");
  const points = lines.map((line) => TEST_POINT.exec(line)).filter((match) => match !== null);
  if (points.length === 0) return [];
  const grouped = lines.some((line) => {
    const comment = COMMENT.exec(line);
    return comment !== null && !SUMMARY.test(comment[1]);
  });
  if (grouped) return tapeStyle(lines);
  const outermost = Math.min(...points.map((match) => match[1].length));
  return points
    .filter((match) => match[1].length === outermost)
    .map((match) => ({
      file: "",
      suite: [],
      name: match[3],
      status: match[4]?.toUpperCase() === "SKIP" ? "skip" : match[2] && !match[4] ? "fail" : "pass",
    }));
}

function tapeStyle(lines: string[]): TestRecord[] {
  const records: TestRecord[] = [];
  let current: TestRecord | null = null;
  for (const line of lines) {
    const comment = COMMENT.exec(line);
    if (comment && !SUMMARY.test(comment[1])) {
      current = { file: "", suite: [], name: comment[1].trim(), status: "pass" };
      records.push(current);
      continue;
    }
    const point = TEST_POINT.exec(line);
    if (!point || !current) continue;
    if (point[2] && point[4]?.toUpperCase() !== "TODO") current.status = "fail";
  }
  return records;
}
