import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCapturedCli } from "./helpers/capture-io.js";

const root = join(import.meta.dirname, "..");
const fixture = (name: string) => `file:${join(root, "test", "fixtures", name)}`;

async function cli(...argv: string[]) {
  return runCapturedCli(root, argv);
}

interface BaselineJson {
  episodes: number;
  stopReasons: Record<string, number>;
  stopMessages: Record<string, string>;
}

describe("calls that never return", () => {
  it("baseline: an env whose step never settles ends each episode with stop reason timeout and says why", async () => {
    const { code, stdout } = await cli(
      "baseline",
      "--env",
      fixture("never-settling-env-plugin.ts"),
      "--policy",
      fixture("go-policy-plugin.ts"),
      "--episodes",
      "2",
      "--call-timeout",
      "150",
      "--json",
    );
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as BaselineJson;
    expect(report.stopReasons).toEqual({ timeout: 2 });
    expect(report.stopMessages.timeout).toMatch(/env never-settling\.step\(\) gave no answer within 150 ms/);
  });

  it("baseline: a policy whose act never settles is stopped the same way, and the table shows the message", async () => {
    const { code, stdout } = await cli(
      "baseline",
      "--env",
      "bugfix",
      "--task",
      "clamp-0",
      "--policy",
      fixture("never-settling-policy-plugin.ts"),
      "--episodes",
      "2",
      "--call-timeout",
      "150",
    );
    expect(code).toBe(0);
    expect(stdout).toContain("timeout:2");
    expect(stdout).toMatch(/first timeout: policy never-settling\.act\(\) gave no answer within 150 ms/);
  });

  it("rig: finishes with the never-settling policy's episodes stopped by timeout, records written, exit 0", async () => {
    const work = mkdtempSync(join(tmpdir(), "deadline-"));
    const out = join(work, "run");
    const { code, stdout } = await cli(
      "rig",
      "--env",
      "bugfix",
      "--task",
      "clamp-0",
      "--policy",
      fixture("never-settling-policy-plugin.ts"),
      "--call-timeout",
      "100",
      "--k-max",
      "10",
      "--revisions",
      "0",
      "--out",
      out,
      "--candidates",
      join(work, "c"),
      "--json",
    );
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as { taskId: string; outcome: string; baseline: { episodes: number } };
    expect(result.taskId).toBe("clamp-0");
    expect(existsSync(join(out, "result.json"))).toBe(true);
    expect(readFileSync(join(out, "events.jsonl"), "utf8")).toMatch(
      /first timeout: policy never-settling\.act\(\) gave no answer within 100 ms/,
    );
  });
});

describe("values that make no sense", () => {
  it("the first validation message of an erroring episode reaches --json and the table", async () => {
    const json = await cli(
      "baseline",
      "--env",
      fixture("invalid-values-env-plugin.ts"),
      "--policy",
      fixture("go-policy-plugin.ts"),
      "--episodes",
      "2",
      "--json",
    );
    // Every episode errored: the report is still printed, and the exit code says none ran.
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as BaselineJson;
    expect(report.stopReasons).toEqual({ error: 2 });
    expect(report.stopMessages.error).toMatch(/invalid-values\.step\(\).*observation.*reward.*NaN.*terminated/s);
    const table = await cli(
      "baseline",
      "--env",
      fixture("invalid-values-env-plugin.ts"),
      "--policy",
      fixture("go-policy-plugin.ts"),
      "--episodes",
      "1",
    );
    expect(table.stdout).toMatch(/first error: invalid value returned by plugin env invalid-values\.step\(\)/);
  });
});

describe("arguments a run cannot take", () => {
  it("a resume refuses arguments that differ from the run's own, naming them", async () => {
    const work = mkdtempSync(join(tmpdir(), "resume-args-"));
    const out = join(work, "run");
    const first = await cli(
      "curriculum",
      "--env",
      "bugfix",
      "--task",
      "clamp-0",
      "--policy",
      "looper",
      "--k-max",
      "20",
      "--revisions",
      "0",
      "--out",
      out,
      "--candidates",
      join(work, "c"),
      "--json",
    );
    expect(first.code).toBe(0);
    const refused = await cli("curriculum", "--resume", out, "--policy", "hasty", "--k-max", "20");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /cannot resume .* with different arguments: --policy \(the run has "looper", given "hasty"\)/,
    );
    expect(refused.stderr).not.toContain("--k-max");
    const same = await cli("curriculum", "--resume", out, "--policy", "looper", "--json");
    expect(same.code).toBe(0);
  });

  it("--check-rollouts is stored with the run, checked on resume, and refused when negative", async () => {
    const work = mkdtempSync(join(tmpdir(), "check-rollouts-"));
    const out = join(work, "run");
    const first = await cli(
      "curriculum",
      "--env",
      "bugfix",
      "--task",
      "clamp-0",
      "--policy",
      "looper",
      "--k-max",
      "20",
      "--check-rollouts",
      "0",
      "--revisions",
      "0",
      "--out",
      out,
      "--candidates",
      join(work, "c"),
      "--json",
    );
    expect(first.code).toBe(0);
    expect(JSON.parse(readFileSync(join(out, "run.json"), "utf8"))).toMatchObject({ checkRollouts: 0, kMax: 20 });
    const refused = await cli("curriculum", "--resume", out, "--policy", "looper", "--check-rollouts", "100");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--check-rollouts \(the run has 0, given 100\)/);
    const negative = await cli(
      "rig",
      "--env",
      "bugfix",
      "--task",
      "clamp-0",
      "--policy",
      "hasty",
      "--check-rollouts",
      "-1",
      "--out",
      join(work, "bad"),
    );
    expect(negative.code).toBe(2);
    expect(negative.stderr).toContain("--check-rollouts");
  });

  it("a path that cannot be written is a one-line user error, no stack trace", async () => {
    const { code, stderr } = await cli(
      "rig",
      "--env",
      "bugfix",
      "--task",
      "clamp-0",
      "--policy",
      "hasty",
      "--out",
      "/etc/passwd/run",
    );
    expect(code).toBe(2);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/^error \[FILE_SYSTEM\]: cannot mkdir \/etc\/passwd\/run: not a directory \(ENOTDIR\)/);
  });
});
