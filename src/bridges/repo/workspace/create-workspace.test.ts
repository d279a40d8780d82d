import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
  chmodSync,
  unlinkSync,
  existsSync,
  readlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createWorkspace } from "./create-workspace.js";
import { snapshotTree } from "./tree-snapshot.js";

const scratch = mkdtempSync(path.join(tmpdir(), "envrigger-workspace-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function makeCheckout(): string {
  const checkout = path.join(scratch, "checkout");
  mkdirSync(path.join(checkout, "src", "deep"), { recursive: true });
  mkdirSync(path.join(checkout, "test"));
  writeFileSync(path.join(checkout, "src", "index.js"), "export const answer = 42;\n");
  writeFileSync(path.join(checkout, "src", "deep", "util.js"), "export const twice = (x) => 2 * x;\n");
  writeFileSync(path.join(checkout, "test", "index.js"), "import { answer } from '../src/index.js';\n");
  writeFileSync(path.join(checkout, "run.sh"), "#!/bin/sh\necho run\n");
  chmodSync(path.join(checkout, "run.sh"), 0o755);
  symlinkSync("src/index.js", path.join(checkout, "main.js"));
  return checkout;
}

/** Every entry with its content: the state a reset must restore. */
function stateOf(dir: string): unknown[] {
  return snapshotTree(dir).map((entry) =>
    entry.kind === "file" ? { ...entry, content: readFileSync(path.join(dir, entry.path), "utf8") } : entry,
  );
}

describe("createWorkspace", () => {
  const checkout = makeCheckout();
  const modules = path.join(scratch, "modules");
  mkdirSync(modules);

  it("copies the checkout (never hard links) and links node_modules", async () => {
    const workspace = await createWorkspace({ checkout, nodeModules: modules, parentDir: scratch });
    const copied = path.join(workspace.dir, "src", "index.js");
    expect(readFileSync(copied, "utf8")).toBe("export const answer = 42;\n");
    expect(statSync(copied).ino).not.toBe(statSync(path.join(checkout, "src", "index.js")).ino);
    expect(readlinkSync(path.join(workspace.dir, "node_modules"))).toBe(modules);
    expect(statSync(path.join(workspace.dir, "run.sh")).mode & 0o777).toBe(0o755);
    await workspace.dispose();
    expect(existsSync(workspace.dir)).toBe(false);
  });

  it("resets exactly: edits (even with the mtime put back), deletions, additions, kind changes and modes", async () => {
    const workspace = await createWorkspace({ checkout, nodeModules: modules, parentDir: scratch });
    const start = stateOf(workspace.dir);
    const at = (relative: string) => path.join(workspace.dir, relative);
    const before = statSync(at("src/index.js"));
    writeFileSync(at("src/index.js"), "export const answer = 41;\n"); // same size
    utimesSync(at("src/index.js"), before.atime, before.mtime);
    unlinkSync(at("test/index.js"));
    rmSync(at("src/deep"), { recursive: true });
    writeFileSync(at("src/deep"), "a file where a directory was\n");
    writeFileSync(at("added.js"), "new\n");
    mkdirSync(at("new-dir/nested"), { recursive: true });
    writeFileSync(at("new-dir/nested/x.js"), "x\n");
    chmodSync(at("run.sh"), 0o600);
    unlinkSync(at("main.js"));
    symlinkSync("/etc/passwd", at("main.js"));
    unlinkSync(at("node_modules"));
    mkdirSync(at("node_modules"));
    await workspace.reset();
    expect(stateOf(workspace.dir)).toEqual(start);
    expect(readlinkSync(at("node_modules"))).toBe(modules);
    // The checkout itself was never touched.
    expect(readFileSync(path.join(checkout, "src", "index.js"), "utf8")).toBe("export const answer = 42;\n");
    await workspace.dispose();
  });

  it("keeps what was not touched (the same inode) and resets twice in a row to the same state", async () => {
    const workspace = await createWorkspace({ checkout, parentDir: scratch });
    const untouched = statSync(path.join(workspace.dir, "src", "deep", "util.js")).ino;
    writeFileSync(path.join(workspace.dir, "src", "index.js"), "broken");
    await workspace.reset();
    await workspace.reset();
    expect(statSync(path.join(workspace.dir, "src", "deep", "util.js")).ino).toBe(untouched);
    expect(stateOf(workspace.dir)).toEqual(stateOf(checkout));
    await workspace.dispose();
  });
});
