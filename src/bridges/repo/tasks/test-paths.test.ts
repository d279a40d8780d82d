import { describe, expect, it } from "vitest";
import { isConfigPath, isTestPath, testPathMatcher } from "./test-paths.js";

describe("test paths", () => {
  it("know the usual layouts, a root test.js included, and not sources that merely contain the word", () => {
    for (const file of [
      "test.js",
      "test.mjs",
      "test-parse.js",
      "test/a.js",
      "__tests__/a.js",
      "src/a.spec.ts",
      "src/a.test.js",
      "lib/a_test.js",
      "index.test-d.ts",
    ])
      expect(isTestPath(file), file).toBe(true);
    for (const file of ["index.js", "src/latest.js", "src/contest.ts", "attest.js"])
      expect(isTestPath(file), file).toBe(false);
  });

  it("a repository's tests globs replace the usual layouts", () => {
    const isTest = testPathMatcher(["checks/**/*.js"]);
    expect(isTest("checks/deep/a.js")).toBe(true);
    expect(isTest("test.js")).toBe(false);
  });

  it("tool configuration is never a source", () => {
    for (const file of ["vitest.config.ts", ".mocharc.js", "ava.config.mjs", "jest.config.js", "src/.eslintrc.cjs"])
      expect(isConfigPath(file), file).toBe(true);
    expect(isConfigPath("src/config-parser.js")).toBe(false);
    expect(isConfigPath("index.js")).toBe(false);
  });
});
