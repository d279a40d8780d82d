import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CliIo } from "../src/cli/cli-io.js";
import { runCli } from "../src/cli/program.js";

const root = join(import.meta.dirname, "..");

async function cli(...argv: string[]) {
  let stdout = "";
  let stderr = "";
  const io: CliIo = { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), interactive: false, cwd: root };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}

describe("--check-rollouts", () => {
  it("is stored with the run, checked on resume, and refused when negative", async () => {
    const work = mkdtempSync(join(tmpdir(), "check-rollouts-"));
    const out = join(work, "run");
    const first = await cli("curriculum", "--env", "bugfix", "--task", "clamp-0", "--policy", "looper", "--k-max", "20", "--check-rollouts", "0", "--revisions", "0", "--out", out, "--candidates", join(work, "c"), "--json");
    expect(first.code).toBe(0);
    expect(JSON.parse(readFileSync(join(out, "run.json"), "utf8"))).toMatchObject({ check: 0, kMax: 20 });
    const refused = await cli("curriculum", "--resume", out, "--policy", "looper", "--check-rollouts", "100");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--check-rollouts \(the run has 0, given "100"\)/);
    const negative = await cli("rig", "--env", "bugfix", "--task", "clamp-0", "--policy", "hasty", "--check-rollouts", "-1", "--out", join(work, "bad"));
    expect(negative.code).toBe(2);
    expect(negative.stderr).toContain("--check-rollouts");
  });
});
