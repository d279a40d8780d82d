import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CandidateStore, type CandidateRecord } from "../rigger/candidate-store.js";
import { runPaths } from "../run-format/run-paths.js";
import { readStoredCandidates } from "./read-stored-candidates.js";

function record(taskId: string): CandidateRecord {
  const stack = {
    version: 1 as const,
    base: { env: "bugfix", taskId },
    layers: [{ kind: "setup" as const, actions: [] }],
  };
  return {
    version: 1,
    id: CandidateStore.hashOf(stack),
    envId: "bugfix",
    taskId,
    stack,
    target: { successBand: [0.4, 0.6] },
    diagnosis: "d",
    rationale: "r",
    baseline: {},
    validation: {},
    decision: "accept",
    revisions: 0,
    designer: "heuristic",
    policy: "hasty",
    seeds: { run: 1, observeOffset: 0, validateOffset: 1 },
    packageVersion: "0.1.0",
    usage: { inputTokens: 0, outputTokens: 0, calls: 0 },
    examples: { baseline: [], accepted: [] },
  };
}

describe("readStoredCandidates", () => {
  it("reads a folder of runs: each run's candidates, never its run.json or result.json", () => {
    const runs = mkdtempSync(join(tmpdir(), "stored-"));
    for (const [run, task] of [
      ["a", "clamp-0"],
      ["b", "range-3"],
    ] as const) {
      const paths = runPaths(join(runs, run));
      mkdirSync(paths.directory, { recursive: true });
      writeFileSync(paths.config, JSON.stringify({ runFormat: 2 }));
      writeFileSync(paths.result, JSON.stringify({ tasks: [] }));
      new CandidateStore(paths.candidates).save(record(task));
    }
    // A run that accepted nothing has no candidates folder.
    mkdirSync(join(runs, "c"));
    writeFileSync(runPaths(join(runs, "c")).config, "{}");
    expect(readStoredCandidates(runs).map((line) => line.taskId)).toEqual(["clamp-0", "range-3"]);
    expect(readStoredCandidates(join(runs, "a")).map((line) => line.taskId)).toEqual(["clamp-0"]);
  });

  it("names a path that does not exist", () => {
    expect(() => readStoredCandidates(join(tmpdir(), "no-such-candidates"))).toThrow(/candidates not found/);
  });
});
