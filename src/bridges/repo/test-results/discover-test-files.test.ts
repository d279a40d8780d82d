import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { discoverTestFiles } from "./discover-test-files.js";

const root = mkdtempSync(path.join(tmpdir(), "envrigger-discover-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("discoverTestFiles", () => {
  it("finds scripts in test directories, test-named scripts and a root test.js, not node_modules, dot directories or data", () => {
    for (const file of [
      "test/index.js",
      "test/nested/deep.ts",
      "tests/a.mjs",
      "src/util.spec.ts",
      "src/index.js",
      "test/fixture.json",
      "node_modules/x/test/index.js",
      ".cache/test/a.js",
      "test.js",
      "lib/parse_test.js",
      "lib/parse.js",
    ]) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), "");
    }
    expect(discoverTestFiles(root)).toEqual([
      "lib/parse_test.js",
      "src/util.spec.ts",
      "test.js",
      "test/index.js",
      "tests/a.mjs",
    ]);
  });

  it("with a repository's tests globs finds exactly what they match", () => {
    expect(discoverTestFiles(root, ["test/**/*.ts", "lib/*_test.js"])).toEqual([
      "lib/parse_test.js",
      "test/nested/deep.ts",
    ]);
  });
});
