import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listEnvs } from "../src/bridges/env-registry.js";
import { runCapturedCli } from "./helpers/capture-io.js";

const cwd = mkdtempSync(join(tmpdir(), "envs-"));
const widest = (text: string) => Math.max(...text.split("\n").map((line) => [...line].length));

describe("envrigger envs", () => {
  it("fits a 100-column terminal and names every env's options", async () => {
    const { code, stdout } = await runCapturedCli(cwd, ["envs"]);
    expect(code).toBe(0);
    expect(widest(stdout)).toBeLessThanOrEqual(100);
    for (const env of listEnvs()) {
      const row = stdout.split("\n").find((line) => line.startsWith(`${env.id} `));
      expect(row, env.id).toBeDefined();
      for (const option of Object.keys(env.options ?? {})) expect(row, `${env.id} ${option}`).toContain(option);
    }
    expect(stdout).toContain("envrigger envs --env ID");
  });

  it("--env ID: one env's description, tools, options with their defaults and task ids, within 100 columns", async () => {
    const { code, stdout } = await runCapturedCli(cwd, ["envs", "--env", "bugfix"]);
    expect(code).toBe(0);
    expect(widest(stdout)).toBeLessThanOrEqual(100);
    expect(stdout).toMatch(/^bugfix\n {2}BugFix gym: /);
    expect(stdout).toContain("tools: read, test, edit, submit");
    expect(stdout).toMatch(/^ {4}maxTurns +6$/m);
    expect(stdout).toMatch(/^ {4}reward +hidden\|public \(hidden\)$/m);
    expect(stdout).toMatch(/train \(20\): clamp-0 /);
    expect(stdout).toMatch(/held-out \(10\): /);
    const json = await runCapturedCli(cwd, ["envs", "--env", "toy24", "--json"]);
    const { env } = JSON.parse(json.stdout) as { env: { id: string; tasks: { train: string[] } } };
    expect(env.id).toBe("toy24");
    expect(env.tasks.train.length).toBeGreaterThan(1000);
    const shortened = await runCapturedCli(cwd, ["envs", "--env", "toy24"]);
    expect(widest(shortened.stdout)).toBeLessThanOrEqual(100);
    expect(shortened.stdout).toMatch(/… and \d+ more \(--json lists all\)/);
  });

  it("--env with an unknown id is a user error", async () => {
    const { code, stderr } = await runCapturedCli(cwd, ["envs", "--env", "nope"]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/UNKNOWN_ENV/);
  });
});
