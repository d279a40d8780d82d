import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseJestJson } from "./parse-jest-json.js";

describe("parseJestJson", () => {
  it("reads every test of jest's --json report, and a file that did not compile as one failure", () => {
    // jest 30 + ts-jest on vercel/ms with the manifest's injected bug (`d * 365.25` -> `d * 365`)
    // and an added src/broken.test.ts that does not compile; trimmed to the fields jest's schema documents.
    const text = readFileSync(new URL("./fixtures/jest-ms-injected-bug.json", import.meta.url), "utf8");
    const records = parseJestJson(text, "/ROOT");
    expect(records).not.toBeNull();
    expect(records?.filter((record) => record.status === "pass")).toHaveLength(156);
    expect(records?.filter((record) => record.status === "fail")).toHaveLength(12);
    expect(records).toContainEqual({ file: "src/broken.test.ts", suite: [], name: "(file)", status: "fail" });
    expect(records?.[0].file).toBe("src/index.test.ts");
    expect(records?.[0].suite.length).toBeGreaterThan(0);
  });

  it("is null for text that is not a jest report", () => {
    expect(parseJestJson("not json", "/")).toBeNull();
    expect(parseJestJson('{"tests": []}', "/")).toBeNull();
  });
});
