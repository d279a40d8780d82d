import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCapturedCli } from "./helpers/capture-io.js";

const root = join(import.meta.dirname, "..");

async function cli(...argv: string[]) {
  return runCapturedCli(root, argv);
}

describe("envrigger CLI", () => {
  it("lists environments with tools and task ids per split as JSON", async () => {
    const { code, stdout } = await cli("envs", "--json");
    expect(code).toBe(0);
    const { envs } = JSON.parse(stdout) as {
      envs: Array<{ id: string; tools: string[]; tasks: { train: string[]; heldout: string[] } }>;
    };
    const bugfix = envs.find((env) => env.id === "bugfix")!;
    expect(bugfix.tools).toEqual(["read", "test", "edit", "submit"]);
    expect(bugfix.tasks.train).toHaveLength(20);
    expect(bugfix.tasks.heldout).toHaveLength(10);
    expect(envs.map((env) => env.id)).toContain("toy24");
  });

  it("prints a baseline as one JSON object with the documented fields", async () => {
    const { code, stdout } = await cli(
      "baseline",
      "--env",
      "bugfix",
      "--policy",
      "oracle",
      "--split",
      "heldout",
      "--episodes",
      "2",
      "--json",
    );
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(Object.keys(report).sort()).toEqual(
      [
        "byGroup",
        "env",
        "episodes",
        "errored",
        "invalidCallRate",
        "meanTurns",
        "policy",
        "publicPassRate",
        "split",
        "stopMessages",
        "stopReasons",
        "successInterval",
        "successRate",
      ].sort(),
    );
    expect(report).toMatchObject({
      env: "bugfix",
      policy: "oracle",
      split: "heldout",
      episodes: 20,
      successRate: 1,
      publicPassRate: 1,
      meanTurns: 4,
    });
    expect(Object.keys(report.byGroup).sort()).toEqual(["clamp", "compare", "divide", "init", "range"]);
    expect(report.byGroup.clamp.episodes).toBe(4);
  });

  it("passes --reward to the env and prints a readable table without --json", async () => {
    const { code, stdout } = await cli(
      "baseline",
      "--env",
      "bugfix",
      "--policy",
      "hacker",
      "--episodes",
      "1",
      "--reward",
      "public",
    );
    expect(code).toBe(0);
    expect(stdout).toContain("policy hacker");
    expect(stdout).toMatch(/all\s+20\s+0\s+0\.0%/);
  });

  it("exits 2 with a message saying what was expected on bad arguments", async () => {
    for (const argv of [
      ["baseline", "--env", "nope", "--policy", "oracle"],
      ["baseline", "--env", "bugfix", "--policy", "nope"],
      ["baseline", "--env", "bugfix", "--policy", "oracle", "--episodes", "0"],
      ["baseline", "--env", "bugfix", "--policy", "oracle", "--split", "test"],
      ["baseline", "--env", "bugfix", "--policy", "oracle", "--reward", "gold"],
      ["baseline", "--env", "bugfix"],
      ["frobnicate"],
    ]) {
      const { code, stderr } = await cli(...argv);
      expect(code, argv.join(" ")).toBe(2);
      expect(stderr.length, argv.join(" ")).toBeGreaterThan(0);
    }
    const { stderr } = await cli("baseline", "--env", "bugfix", "--policy", "nope");
    expect(stderr).toContain("oracle");
  });

  it("loads env and policy plugins from files", async () => {
    const { code, stdout } = await cli(
      "baseline",
      "--env",
      "file:test/fixtures/counter-env-plugin.ts",
      "--policy",
      "file:test/fixtures/counter-policy-plugin.ts",
      "--episodes",
      "3",
      "--json",
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ policy: "counter-policy", successRate: 1, meanTurns: 3, episodes: 3 });
  });

  it("prints the report, then exits 1 when every episode errored (errors are not failures: no rate to report)", async () => {
    const { code, stdout, stderr } = await cli(
      "baseline",
      "--env",
      "file:test/fixtures/failing-reset-env-plugin.ts",
      "--policy",
      "file:test/fixtures/go-policy-plugin.ts",
      "--episodes",
      "3",
      "--json",
    );
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ episodes: 0, errored: 3, stopReasons: { error: 3 } });
    expect(stderr).toMatch(/error \[EPISODES_ERRORED\]: no episode ran: all 3 errored.*the server is down/);
  });

  it("refuses a split without tasks (exit 2) instead of printing a rate over nothing", async () => {
    const { code, stderr } = await cli(
      "baseline",
      "--env",
      "file:test/fixtures/counter-env-plugin.ts",
      "--policy",
      "file:test/fixtures/counter-policy-plugin.ts",
      "--split",
      "heldout",
    );
    expect(code).toBe(2);
    expect(stderr).toMatch(/UNKNOWN_TASK.*no task in split heldout/);
  });

  it("names the missing member of a plugin that does not fit", async () => {
    const policy = await cli("baseline", "--env", "bugfix", "--policy", "file:test/fixtures/broken-policy-plugin.ts");
    expect(policy.code).toBe(2);
    expect(policy.stderr).toContain("missing `act`");
    const env = await cli(
      "baseline",
      "--env",
      "file:test/fixtures/broken-env-plugin.ts",
      "--policy",
      "file:test/fixtures/counter-policy-plugin.ts",
      "--episodes",
      "1",
    );
    expect(env.code).toBe(2);
    expect(env.stderr).toContain("missing `step`");
    const missing = await cli("baseline", "--env", "file:test/fixtures/nowhere.ts", "--policy", "oracle");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("not found");
  });

  it("checks a component statically and with a smoke episode, exit 0 when ok and 1 when refused", async () => {
    const good = await cli(
      "check-component",
      "test/fixtures/require-test-rules.ts",
      "--env",
      "bugfix",
      "--task",
      "clamp-0",
      "--json",
    );
    expect(good.code).toBe(0);
    const report = JSON.parse(good.stdout);
    expect(report).toMatchObject({ ok: true, issues: [], smoke: { stopReason: "submit" } });
    const bad = await cli("check-component", "test/fixtures/escaping-rules.ts", "--json");
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout).issues.map((issue: { code: string }) => issue.code)).toContain("forbidden-construct");
    expect((await cli("check-component", "test/fixtures/require-test-rules.ts", "--env", "bugfix")).code).toBe(2);
    expect((await cli("check-component", "test/fixtures/none.ts")).code).toBe(2);
  });

  it("runs any policy on a stored stack with baseline --stack", async () => {
    const plain = JSON.parse(
      (await cli("baseline", "--env", "bugfix", "--policy", "hacker", "--task", "clamp-0", "--episodes", "5", "--json"))
        .stdout,
    );
    const { code, stdout } = await cli(
      "baseline",
      "--env",
      "bugfix",
      "--policy",
      "hacker",
      "--stack",
      "test/fixtures/require-test-stack.json",
      "--episodes",
      "5",
      "--json",
    );
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.stack).toBe("Rules<bugfix>");
    expect(report.episodes).toBe(5);
    // hacker edits, tests, then submits: the rule never blocks it, so its numbers do not move;
    // blind submits without testing and is blocked every time.
    expect(report.meanTurns).toBe(plain.meanTurns);
    const blind = JSON.parse(
      (
        await cli(
          "baseline",
          "--env",
          "bugfix",
          "--policy",
          "blind",
          "--stack",
          "test/fixtures/require-test-stack.json",
          "--episodes",
          "5",
          "--json",
        )
      ).stdout,
    );
    expect(blind.invalidCallRate).toBeGreaterThan(0);
    expect(blind.successRate).toBe(0);
    const mismatch = await cli(
      "baseline",
      "--env",
      "toy24",
      "--policy",
      "solver",
      "--stack",
      "test/fixtures/require-test-stack.json",
    );
    expect(mismatch.code).toBe(2);
  });

  it("runs as an installed binary (npx envrigger --help)", () => {
    const result = spawnSync(process.execPath, [join(root, "bin", "envrigger.js"), "--help"], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("baseline");
    const bad = spawnSync(
      process.execPath,
      [join(root, "bin", "envrigger.js"), "baseline", "--env", "bugfix", "--policy", "oracle", "--seed", "x"],
      { encoding: "utf8", timeout: 60_000 },
    );
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("--seed expects a whole number");
  });
});
