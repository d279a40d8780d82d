import type { TestRecord } from "./test-result.js";

const TEST_POINT = /^(\s*)(not )?ok\b(?:\s+\d+)?(?:\s*-)?\s*(.*?)\s*(?:#\s*(SKIP|TODO)\b.*)?$/i;
const COMMENT = /^#\s+(.*)$/;
/** Comments that are no test's name: totals, and node's `# Subtest:` announcements (the test point names it). */
const SUMMARY = /^(tests|pass|fail|skip|skipped|todo|ok|cancelled|duration_ms|suites|Subtest:)(\s|$)/i;

/**
 * Tests from TAP on stdout. Tape style (assertions grouped under `# name` comments): one
 * test per comment, failed when any of its assertions is. Otherwise (node:test and other
 * producers): one test per leaf test point, inside the tests that enclose it. A TODO that
 * fails does not fail. Empty when the text holds no TAP.
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
  return nested(points);
}

/**
 * node:test style: subtests are indented test points printed before their parent's. Each
 * leaf is a test, its enclosing tests its suite (`parent > child`); a parent that failed
 * with every subtest passing (a failing hook, an error after them) is a failed test of its own.
 */
function nested(points: RegExpExecArray[]): TestRecord[] {
  const pending: Array<{ indent: number; record: TestRecord }> = [];
  for (const match of points) {
    const indent = match[1].length;
    const status = match[4]?.toUpperCase() === "SKIP" ? "skip" : match[2] && !match[4] ? "fail" : "pass";
    const name = match[3];
    let first = pending.length;
    while (first > 0 && pending[first - 1].indent > indent) first -= 1;
    const children = pending.splice(first);
    if (children.length === 0) {
      pending.push({ indent, record: { file: "", suite: [], name, status } });
      continue;
    }
    for (const child of children) child.record.suite.unshift(name);
    pending.push(...children.map((child) => ({ indent, record: child.record })));
    if (status === "fail" && !children.some((child) => child.record.status === "fail"))
      pending.push({ indent, record: { file: "", suite: [], name, status } });
  }
  return pending.map((entry) => entry.record);
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
