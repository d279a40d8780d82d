import type { TestRecord, TestResult } from "./test-result.js";

/**
 * Give each record its id, `file > suite … > name` (the file left out when unknown; a
 * whole file, named "" without suites, is just the file);
 * a name repeated under the same path gets ` #2`, ` #3` … in the order the runner ran them,
 * so ids stay the same from run to run of the same tree.
 */
export function assignTestIds(records: TestRecord[]): TestResult[] {
  const seen = new Map<string, number>();
  return records.map((record) => {
    const whole = record.name === "" && record.suite.length === 0 && record.file !== "";
    const base = whole
      ? record.file
      : [...(record.file ? [record.file] : []), ...record.suite, record.name].join(" > ");
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return {
      id: count === 1 ? base : `${base} #${count}`,
      file: record.file,
      name: record.name,
      status: record.status,
    };
  });
}
