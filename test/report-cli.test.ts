import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCapturedCli } from "./helpers/capture-io.js";

const root = join(import.meta.dirname, "..");

async function cli(...argv: string[]) {
  return runCapturedCli(root, argv);
}

describe("envrigger report", () => {
  it("is written by curriculum at the end, and rewritten by `report` (--json prints { path })", async () => {
    const work = mkdtempSync(join(tmpdir(), "report-cli-"));
    const runDirectory = join(work, "run");
    const run = await cli(
      "curriculum",
      "--env",
      "bugfix",
      "--policy",
      "hasty",
      "--task",
      "clamp-0,init-2",
      "--k-max",
      "40",
      "--revisions",
      "2",
      "--out",
      runDirectory,
      "--candidates",
      join(work, "candidates"),
      "--json",
    );
    expect(run.code, run.stderr).toBe(0);
    const { report } = JSON.parse(run.stdout) as { report: string | null };
    expect(report).toBe(join(runDirectory, "report.html"));
    const first = readFileSync(report!, "utf8");
    expect(first.includes("clamp-0") && first.includes("init-2")).toBe(true);
    expect(first.match(/<svg /g)?.length ?? 0).toBeGreaterThanOrEqual(3);

    rmSync(report!);
    const json = await cli("report", runDirectory, "--json");
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ path: report });
    expect(existsSync(report!)).toBe(true);

    const text = await cli("report", runDirectory);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toBe(`report: ${report}\n`);
  });

  it("exits 2 and says why when the directory is not a run", async () => {
    const empty = mkdtempSync(join(tmpdir(), "not-a-run-"));
    const result = await cli("report", empty, "--json");
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(`error [FILE_NOT_FOUND]: ${empty} is not a run: it has no run.json`);
    expect(result.stderr).toContain("hint: pass the directory of a run");
    const missing = await cli("report");
    expect(missing.code).toBe(2);
  });
});
