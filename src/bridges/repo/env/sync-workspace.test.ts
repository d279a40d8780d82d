import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { changedPaths, writeChangedFiles } from "./sync-workspace.js";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("writeChangedFiles", () => {
  it("writes only what changed, creating directories, and never through a symbolic link", () => {
    const root = mkdtempSync(path.join(tmpdir(), "repo-sync-"));
    const outside = mkdtempSync(path.join(tmpdir(), "repo-outside-"));
    made.push(root, outside);
    symlinkSync(outside, path.join(root, "node_modules"));
    mkdirSync(path.join(root, "src"));
    const start = { "src/a.js": "a", "src/b.js": "b" };
    const files = { "src/a.js": "a", "src/b.js": "B", "lib/new.js": "n", "node_modules/x/index.js": "planted" };
    const result = writeChangedFiles(root, start, files, (file) => file !== "lib/skip.js");
    expect(result.written.sort()).toEqual(["lib/new.js", "src/b.js"]);
    expect(result.refused).toEqual(["node_modules/x/index.js"]);
    expect(readFileSync(path.join(root, "src/b.js"), "utf8")).toBe("B");
    expect(existsSync(path.join(outside, "x"))).toBe(false);
    expect(changedPaths(start, files)).toEqual(["lib/new.js", "node_modules/x/index.js", "src/b.js"]);
  });
});
