import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCapturedCli } from "./helpers/capture-io.js";

describe("the same command rerun on an unfinished run", () => {
  it("starts a new run and names the unfinished one with the command that continues it", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "unfinished-cli-"));
    // A band the baseline is already in: the task is skipped after its first batch (a short run).
    const argv = ["rig", "--env", "bugfix", "--task", "clamp-0", "--policy", "hasty", "--band-success", "0,1"];
    const first = await runCapturedCli(cwd, argv);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).not.toContain("note:");
    const [runId] = readdirSync(join(cwd, "runs"));
    // As if interrupted: the configuration and checkpoints written, the result not.
    rmSync(join(cwd, "runs", runId!, "result.json"));

    const other = await runCapturedCli(cwd, [...argv, "--seed", "1"]);
    expect(other.code, other.stderr).toBe(0);
    expect(other.stderr).not.toContain("note:");

    const again = await runCapturedCli(cwd, argv);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(
      new RegExp(
        `^note: runs/${runId} is an unfinished run of this same command \\(started [^)]+\\); this starts a new run — to continue that one instead: \\S+ curriculum --resume runs/${runId}\\n`,
        "m",
      ),
    );
    expect(readdirSync(join(cwd, "runs"))).toHaveLength(3);
    expect(existsSync(join(cwd, "runs", runId!, "result.json"))).toBe(false);
  }, 300_000);
});
