import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { trainingRunPaths } from "./run-training.js";
import { updateFractionsOf } from "./update-fractions.js";

describe("updateFractionsOf", () => {
  it("counts as covered only groups on stacks called in band; groups on trial stacks apart", () => {
    const directory = mkdtempSync(join(tmpdir(), "update-fractions-"));
    const lines = [
      { groups: 4, zeroVarianceGroups: 2, stackedTasks: 3, trialTasks: 2 },
      { groups: 4, zeroVarianceGroups: 0, stackedTasks: 4, filteredGroups: 4 },
    ];
    writeFileSync(trainingRunPaths(directory).updates, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
    expect(updateFractionsOf(directory)).toEqual({
      zeroVariance: [0.5, 0],
      coverage: [0.25, 1],
      trialCoverage: [0.5, 0],
      filtered: [0, 0.5],
    });
  });

  it("is empty for a run with no updates yet", () => {
    expect(updateFractionsOf(mkdtempSync(join(tmpdir(), "update-fractions-")))).toEqual({
      zeroVariance: [],
      coverage: [],
      trialCoverage: [],
      filtered: [],
    });
  });
});
