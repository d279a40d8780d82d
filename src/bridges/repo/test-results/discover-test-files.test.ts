import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { discoverTestFiles } from "./discover-test-files.js";

const root = mkdtempSync(path.join(tmpdir(), "envrigger-discover-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("discoverTestFiles", () => {
  it("finds scripts in test directories and *.test/*.spec scripts, not node_modules, dot directories or data", () => {
    for (const file of [
      "test/index.js",
      "test/nested/deep.ts",
      "tests/a.mjs",
      "src/util.spec.ts",
      "src/index.js",
      "test/fixture.json",
      "node_modules/x/test/index.js",
      ".cache/test/a.js",
    ]) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), "");
    }
    expect(discoverTestFiles(root)).toEqual(["src/util.spec.ts", "test/index.js", "tests/a.mjs"]);
  });
});
