import { describe, expect, it } from "vitest";
import { failingTestFiles } from "./test-editor-policy.js";

describe("failingTestFiles", () => {
  it("names each test file with a FAIL line once", () => {
    const report =
      "3 passed, 3 failed (exit code 1)\nFAIL test/index.js > parse > a\nFAIL test/index.js > b\nFAIL test/x y.js > c\n\n--- runner output";
    expect(failingTestFiles(report)).toEqual(["test/index.js", "test/x y.js"]);
    expect(failingTestFiles("5 passed, 0 failed")).toEqual([]);
  });
});
