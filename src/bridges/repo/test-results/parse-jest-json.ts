import path from "node:path";
import { z } from "zod";
import type { TestRecord, TestStatus } from "./test-result.js";

const jestReportSchema = z.object({
  testResults: z.array(
    z.object({
      name: z.string(),
      status: z.string().optional(),
      assertionResults: z
        .array(z.object({ ancestorTitles: z.array(z.string()), title: z.string(), status: z.string() }))
        .default([]),
    }),
  ),
});

const STATUS: Record<string, TestStatus> = { passed: "pass", failed: "fail" };

/**
 * Jest's `--json` report as records: one per test; a test file that failed without any
 * test (it did not compile, or threw on load) is one failed record named after the file.
 * Null when the text is not a jest report.
 */
export function parseJestJson(text: string, root: string): TestRecord[] | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = jestReportSchema.safeParse(value);
  if (!parsed.success) return null;
  const records: TestRecord[] = [];
  for (const file of parsed.data.testResults) {
    const relative = path.relative(root, file.name);
    if (file.assertionResults.length === 0 && file.status === "failed")
      records.push({ file: relative, suite: [], name: "(file)", status: "fail" });
    for (const test of file.assertionResults)
      records.push({
        file: relative,
        suite: test.ancestorTitles,
        name: test.title,
        status: STATUS[test.status] ?? "skip",
      });
  }
  return records;
}
