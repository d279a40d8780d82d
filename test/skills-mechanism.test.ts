import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readSkillBank } from "../src/skills/skill-bank.js";
import type { ExtractionReport } from "../src/skills/extract-skills.js";
import { runCapturedCli } from "./helpers/capture-io.js";

const root = join(import.meta.dirname, "..");
const bin = join(root, "bin", "envrigger.js");

async function cli(argv: string[]) {
  return runCapturedCli(root, argv);
}

const verifying = (title: string, content: string) =>
  /verif/i.test(title) && /before/i.test(`${title} ${content}`) && /finish|submit/i.test(`${title} ${content}`);

describe("skills mined from rigged vs original BugFix (hasty)", () => {
  it("the accepted stacks' bank holds a decisive verify-before-finishing item with counts; the same number of original episodes yields none that is decisive", async () => {
    const work = mkdtempSync(join(tmpdir(), "skills-mechanism-"));
    const run = join(work, "run");
    const curriculum = spawnSync(
      process.execPath,
      [
        bin,
        "curriculum",
        "--env",
        "bugfix",
        "--policy",
        "hasty",
        "--out",
        run,
        "--candidates",
        join(work, "candidates"),
        "--json",
      ],
      { encoding: "utf8", timeout: 300_000 },
    );
    expect(curriculum.status, curriculum.stderr).toBe(0);

    const rigged = await cli(["skills", "extract", "--from", run, "--out", join(work, "rigged.jsonl"), "--json"]);
    expect(rigged.code, rigged.stderr).toBe(0);
    const riggedReport = JSON.parse(rigged.stdout) as ExtractionReport;
    const original = await cli([
      "skills",
      "extract",
      "--from-original",
      "--env",
      "bugfix",
      "--policy",
      "hasty",
      "--match",
      run,
      "--out",
      join(work, "original.jsonl"),
      "--json",
    ]);
    expect(original.code, original.stderr).toBe(0);
    const originalReport = JSON.parse(original.stdout) as ExtractionReport;
    expect(originalReport.episodes).toBe(riggedReport.episodes);

    const riggedBank = readSkillBank(join(work, "rigged.jsonl")).items;
    const verify = riggedBank.find((item) => verifying(item.title, item.content));
    expect(verify, JSON.stringify(riggedBank, null, 2)).toBeDefined();
    expect(verify!.provenance.source).toBe("mined");
    expect(verify!.provenance.status).toBe("success");
    expect(verify!.provenance.evidence).toMatch(/\d+\/\d+ successes vs \d+\/\d+ failures/);
    const counts = verify!.provenance.counts!;
    expect(counts.decisive).toBe(true);
    expect(counts.successesShowing / counts.successes).toBeGreaterThan(0.8);
    expect(counts.failuresShowing / counts.failures).toBeLessThan(0.2);
    expect(verify!.provenance.stacks.every((stack) => /^[0-9a-f]{16}$/.test(stack))).toBe(true);
    // Items name tools and counts, never tasks.
    for (const item of riggedBank)
      for (const taskId of item.provenance.taskIds)
        expect(`${item.title} ${item.description} ${item.content}`).not.toContain(taskId);

    // On the original env the habit does not decide success: whatever the miner keeps there
    // (with 800 episodes it can still find verifying significant), no verify item is
    // decisive, and the contrast is far weaker than on the rigged stacks. (Which edit fixes
    // which code decides success on both, so those cue items may be decisive on both.)
    const originalBank = readSkillBank(join(work, "original.jsonl")).items;
    expect(
      originalBank.filter((item) => verifying(item.title, item.content) && item.provenance.counts?.decisive === true),
    ).toEqual([]);
    const originalContrast = originalReport.contrasts!.find(
      (contrast) => contrast.habit === "verifies-before-finishing",
    )!;
    const riggedContrast = riggedReport.contrasts!.find((contrast) => contrast.habit === "verifies-before-finishing")!;
    expect(originalContrast.counts.successWithout!).toBeGreaterThan(0.5);
    expect(riggedContrast.counts.successWithout!).toBeLessThan(0.2);
    expect(riggedContrast.difference).toBeGreaterThan(originalContrast.difference + 0.3);

    const shown = await cli(["skills", "show", join(work, "rigged.jsonl")]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain("Verify before finishing");
    expect(shown.stdout).toContain("evidence:");
  }, 600_000);
});
