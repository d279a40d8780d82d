import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCapturedCli } from "./helpers/capture-io.js";

const root = join(import.meta.dirname, "..");

interface CurriculumJson {
  tasks: Array<{ taskId: string; outcome: string; cost: { rollouts: number; envSteps: number } }>;
  notRigged: Array<{ taskId: string; outcome: string; reason: string; message: string }>;
  summary: { notRigged: number; cost: { total: { rollouts: number } } };
}

describe("curriculum --budget-total", () => {
  it("spends the run's total exactly, reports the tasks left unrigged, and a resume keeps the total", async () => {
    const work = mkdtempSync(join(tmpdir(), "budget-total-"));
    const out = join(work, "run");
    const args = ["--env", "bugfix", "--policy", "hasty", "--task", "clamp-0,range-0,compare-0", "--seed", "2"];
    const { code, stdout, stderr } = await runCapturedCli(root, [
      "curriculum",
      ...args,
      "--budget-total",
      "60",
      "--out",
      out,
      "--candidates",
      join(work, "candidates"),
      "--json",
    ]);
    expect(code, stderr).toBe(0);
    const result = JSON.parse(stdout) as CurriculumJson;
    expect(result.tasks.reduce((sum, task) => sum + task.cost.rollouts, 0)).toBe(60);
    expect(result.summary.cost.total.rollouts).toBe(60);
    expect(result.tasks.length + result.notRigged.length).toBe(3);
    expect(result.notRigged.length).toBeGreaterThan(0);
    expect(result.summary.notRigged).toBe(result.notRigged.length);
    for (const task of result.notRigged) {
      expect(task).toMatchObject({ outcome: "not-rigged", reason: "BUDGET_EXHAUSTED" });
      expect(task.message).toContain("60 rollouts");
    }
    // The total is the run's: resuming under another one is refused, naming it.
    const other = await runCapturedCli(root, ["curriculum", "--resume", out, "--budget-total", "80"]);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain("--budget-total");
    // Resumed as it is, the finished run spends nothing more and prints the table with the unrigged tasks.
    const resumed = await runCapturedCli(root, ["curriculum", "--resume", out]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain("not rigged [BUDGET_EXHAUSTED]");
    expect(resumed.stdout).toMatch(/cost: 60 rollouts/);
  }, 300_000);
});
