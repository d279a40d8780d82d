import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bugfixEnv } from "../bridges/bugfix/bugfix-env-definition.js";
import { productRigDependencies } from "../app/product-rig-dependencies.js";
import { tinyPublicRewardExperiment } from "../testing/tiny-public-reward-experiment.js";
import { runExperiment } from "./run-experiment.js";
import { trainingRunPaths } from "./run-training.js";
import { productStackDependencies } from "../app/product-stack-dependencies.js";

describe("summarizing an experiment cut short (finishedOnly)", () => {
  it("runs nothing and summarizes only the seeds every arm finished", async () => {
    const runDirectory = mkdtempSync(join(tmpdir(), "envrigger-summarize-"));
    const config = {
      ...tinyPublicRewardExperiment("summarize", { tasksPerUpdate: 4, evaluationEvery: 1 }),
      arms: ["original", "reverse"] as const,
      seeds: 3,
    };
    const options = {
      runDirectory,
      env: bugfixEnv,
      rigDependencies: productRigDependencies(),
      stack: productStackDependencies(),
    };
    const input = { ...config, arms: [...config.arms] };
    const full = await runExperiment(input, options);
    expect(full.seedsFinished).toBe(3);
    expect(existsSync(join(runDirectory, "result.json"))).toBe(true);

    // Seed 1 of the reverse arm did not finish: its result is gone (as after a kill).
    rmSync(trainingRunPaths(join(runDirectory, "reverse", "seed-1")).result);
    let started = 0;
    // The stored experiment.json is read; the input is not used.
    const partial = await runExperiment(
      { ...input, seeds: 1 },
      {
        ...options,
        finishedOnly: true,
        onRunStart: () => {
          started += 1;
        },
      },
    );
    expect(existsSync(trainingRunPaths(join(runDirectory, "reverse", "seed-1")).result)).toBe(false);
    expect(partial.seeds).toBe(3);
    expect(partial.seedsFinished).toBe(2);
    expect(partial.runs).toHaveLength(5);
    expect(started).toBe(5);
    const pair = partial.differences.find((entry) => entry.first === "reverse" && entry.second === "original")!;
    const final = (arm: string, seed: number) =>
      full.runs.find((run) => run.arm === arm && run.seed === seed)!.final.successRate;
    expect(pair.perSeed).toEqual([0, 2].map((seed) => final("reverse", seed) - final("original", seed)));
    // Nothing was run, so the runs' log is as the full run left it: one line per arm and seed.
    expect(readFileSync(join(runDirectory, "runs.jsonl"), "utf8").trim().split("\n")).toHaveLength(6);
    const written = JSON.parse(readFileSync(join(runDirectory, "partial-result.json"), "utf8"));
    expect(written.seedsFinished).toBe(2);
    bugfixEnv.dispose();
  }, 300_000);
});
