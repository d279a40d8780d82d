import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCapturedCli } from "./helpers/capture-io.js";

describe("a refused run", () => {
  it.each([
    ["an unknown task", ["rig", "--env", "bugfix", "--task", "nope-0", "--policy", "hasty"], /UNKNOWN_TASK.*nope-0/],
    [
      "an unknown task among known ones",
      ["curriculum", "--env", "bugfix", "--task", "clamp-0,nope-1", "--policy", "hasty"],
      /UNKNOWN_TASK.*nope-1/,
    ],
    ["an unknown policy", ["rig", "--env", "bugfix", "--task", "clamp-0", "--policy", "nope"], /UNKNOWN_POLICY/],
    [
      "an unknown designer",
      ["curriculum", "--env", "bugfix", "--policy", "hasty", "--designer", "nope"],
      /UNKNOWN_DESIGNER/,
    ],
    ["--k over --k-max", ["curriculum", "--env", "bugfix", "--policy", "hasty", "--k", "9", "--k-max", "5"], /--k-max/],
  ])("(%s) exits 2 and leaves no run directory behind", async (_case, argv, message) => {
    const cwd = mkdtempSync(join(tmpdir(), "refused-"));
    const out = join(cwd, "runs", "refused");
    const { code, stderr } = await runCapturedCli(cwd, [...argv, "--out", out]);
    expect(stderr).toMatch(message);
    expect(code).toBe(2);
    expect(existsSync(out)).toBe(false);
    // Nor a default-named one (runs/<id>) nor a candidates directory.
    expect(readdirSync(cwd).filter((name) => name !== "runs")).toEqual([]);
    expect(existsSync(join(cwd, "runs")) ? readdirSync(join(cwd, "runs")) : []).toEqual([]);
  });
});

describe("a run of an older format", () => {
  const old = join(process.cwd(), "test", "fixtures", "run-format-1");

  it.each([
    ["resumed", ["curriculum", "--resume", old]],
    ["reported", ["report", old]],
  ])("is refused when %s: exit 2, OLD_RUN_FORMAT naming the version that wrote it", async (_case, argv) => {
    const cwd = mkdtempSync(join(tmpdir(), "old-run-"));
    const { code, stderr } = await runCapturedCli(cwd, argv);
    expect(stderr).toMatch(/OLD_RUN_FORMAT.*written by envrigger 0\.1\.0/);
    expect(code).toBe(2);
    expect(readdirSync(cwd)).toEqual([]);
  });
});
