import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { deriveSeed } from "../src/core/seeding.js";
import { runCapturedCli } from "./helpers/capture-io.js";

const root = join(import.meta.dirname, "..");
const scratch = mkdtempSync(join(tmpdir(), "envrigger-train-cli-"));

async function cli(...argv: string[]) {
  return runCapturedCli(root, argv);
}

describe("envrigger train and learned: weights", () => {
  it("trains, saves, and `baseline --policy learned:<file>` reproduces the trained policy's held-out success", async () => {
    const out = join(scratch, "run");
    const trained = await cli(
      "train",
      "--env",
      "bugfix",
      "--updates",
      "4",
      "--eval-every",
      "2",
      "--eval-episodes",
      "4",
      "--seed",
      "0",
      "--out",
      out,
      "--json",
    );
    expect(trained.code).toBe(0);
    const result = JSON.parse(trained.stdout);
    expect(result).toMatchObject({ env: "bugfix", source: "original", updates: 4, trainingEpisodes: 4 * 10 * 8 });
    expect(result.curve.map((point: { update: number }) => point.update)).toEqual([0, 2, 4]);
    const curves = JSON.parse(readFileSync(join(out, "curves.json"), "utf8"));
    expect(curves.series.map((series: { name: string }) => series.name)).toContain("held-out success");
    const baseline = await cli(
      "baseline",
      "--env",
      "bugfix",
      "--policy",
      `learned:${result.weights}`,
      "--split",
      "heldout",
      "--episodes",
      "4",
      "--seed",
      String(deriveSeed(0, "held-out evaluation")),
      "--json",
    );
    expect(baseline.code).toBe(0);
    expect(JSON.parse(baseline.stdout).successRate).toBe(result.final.successRate);
  }, 120_000);

  it("resumes a stopped run to the same weights as an uninterrupted one", async () => {
    const whole = join(scratch, "whole");
    expect(
      (await cli("train", "--env", "bugfix", "--updates", "4", "--group", "4", "--seed", "2", "--out", whole, "--json"))
        .code,
    ).toBe(0);
    const partial = join(scratch, "partial");
    expect(
      (
        await cli(
          "train",
          "--env",
          "bugfix",
          "--updates",
          "2",
          "--group",
          "4",
          "--seed",
          "2",
          "--out",
          partial,
          "--json",
        )
      ).code,
    ).toBe(0);
    // Pretend the run had been asked for 4 updates and was killed after 2 (its checkpoint holds update 2).
    const configPath = join(partial, "training.json");
    const config = JSON.parse(readFileSync(configPath, "utf8"));
    config.grpo.updates = 4;
    writeFileSync(configPath, JSON.stringify(config));
    const resumed = await cli("train", "--resume", partial, "--json");
    expect(resumed.code).toBe(0);
    expect(JSON.parse(readFileSync(join(partial, "weights.json"), "utf8")).weights).toEqual(
      JSON.parse(readFileSync(join(whole, "weights.json"), "utf8")).weights,
    );
    expect(readFileSync(join(partial, "updates.jsonl"), "utf8").trim().split("\n")).toHaveLength(4);
  }, 120_000);

  it("names what is wrong with a corrupt or mismatched weights file, and with bad arguments (exit 2)", async () => {
    const corrupt = join(scratch, "corrupt.json");
    writeFileSync(corrupt, '{ "format": "envrigger.learned-policy", "version": 1, ');
    const broken = await cli("baseline", "--env", "bugfix", "--policy", `learned:${corrupt}`, "--episodes", "1");
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/weights file .*corrupt\.json: not valid JSON/);
    const other = join(scratch, "toy.json");
    writeFileSync(
      other,
      JSON.stringify({
        format: "envrigger.learned-policy",
        version: 1,
        env: "toy24",
        features: { dimension: 64, maxTokens: 8, turnCap: 4, countCap: 2 },
        weights: { indices: [], values: [] },
      }),
    );
    const mismatched = await cli("baseline", "--env", "bugfix", "--policy", `learned:${other}`, "--episodes", "1");
    expect(mismatched.code).toBe(2);
    expect(mismatched.stderr).toMatch(/trained on env toy24, not bugfix/);
    const source = await cli("train", "--env", "bugfix", "--source", "elsewhere");
    expect(source.code).toBe(2);
    expect(source.stderr).toMatch(/--source expects original, coevolve or stacks:<path>/);
    const policy = await cli("train", "--env", "bugfix", "--policy", "oracle");
    expect(policy.code).toBe(2);
    expect(policy.stderr).toMatch(/needs a learnable policy/);
  }, 60_000);

  it("serves toy24 too (structured candidates from the tools' schemas)", async () => {
    const { code, stdout } = await cli(
      "baseline",
      "--env",
      "toy24",
      "--policy",
      "learned:init",
      "--split",
      "heldout",
      "--task",
      "24-5",
      "--episodes",
      "3",
      "--json",
    );
    expect(code, stdout).toBe(0);
    expect(JSON.parse(stdout).episodes).toBe(3);
  });

  it("co-evolves with --validation training: stored in training.json, each round probes within 2 K rollouts a task", async () => {
    const out = join(scratch, "trial-validation");
    const { code, stdout } = await cli(
      "train",
      "--env",
      "bugfix",
      "--source",
      "coevolve",
      "--validation",
      "training",
      "--updates",
      "1",
      "--every",
      "1",
      "--tasks-per-update",
      "2",
      "--group",
      "2",
      "--eval-episodes",
      "1",
      "--out",
      out,
      "--json",
    );
    expect(code, stdout).toBe(0);
    const stored = JSON.parse(readFileSync(join(out, "training.json"), "utf8"));
    expect(stored.source).toMatchObject({ kind: "coevolve", validation: "training" });
    const round = JSON.parse(readFileSync(join(out, "coevolution", "round-0", "round.json"), "utf8"));
    expect(round.validation).toBe("training");
    // K = 5: a task's baseline and one probe within 2 K, at most one batch over.
    expect(round.rollouts).toBeLessThanOrEqual(round.rigged.length * 15);
    const refused = await cli("train", "--env", "bugfix", "--source", "coevolve", "--validation", "sometimes");
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("--validation");
  }, 120_000);

  it("refuses a pre-registered design of another env, or one that does not exist, naming the designs", async () => {
    const other = await cli("experiment", "--env", "toy24", "--preregistered", "textworld-equal-budget");
    expect(other.code).toBe(2);
    expect(other.stderr).toContain("the pre-registered design textworld-equal-budget is for env textworld, not toy24");
    expect(other.stderr).toContain("toy24-equal-budget (env toy24)");
    const missing = await cli("experiment", "--env", "toy24", "--preregistered", "toy24-nothing");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("no pre-registered experiment toy24-nothing for env toy24");
  });
});
