import { describe, expect, it } from "vitest";
import { curriculumConfigSchema } from "../curriculum/curriculum-config.js";
import { rigConfigSchema } from "../rigger/rig-config.js";
import { configOf } from "../rigger/rig-state.js";
import { trainingSourceSpecSchema } from "../rl/training-run-config.js";
import { renameKeys } from "./renamed-keys.js";

describe("renamed setting keys", () => {
  it("moves an old key to its new name, keeps a new one that is present, and leaves other values alone", () => {
    expect(renameKeys({ check: 0, other: 1 }, { check: "checkRollouts" })).toEqual({ checkRollouts: 0, other: 1 });
    expect(renameKeys({ check: 0, checkRollouts: 50 }, { check: "checkRollouts" })).toEqual({ checkRollouts: 50 });
    const untouched = { other: 1 };
    expect(renameKeys(untouched, { check: "checkRollouts" })).toBe(untouched);
    expect(renameKeys([1], { check: "checkRollouts" })).toEqual([1]);
    expect(renameKeys(null, { check: "checkRollouts" })).toBeNull();
  });

  it("reads run files and checkpointed configs written under `check` and `confirm`", () => {
    const rig = rigConfigSchema.parse({
      envId: "bugfix",
      taskId: "clamp-0",
      policy: "hasty",
      designer: "heuristic",
      target: { successBand: [0.4, 0.6] },
      check: 0,
      confirm: 7,
    });
    expect(rig).toMatchObject({ checkRollouts: 0, confirmationEpisodes: 7 });
    expect(rig).not.toHaveProperty("check");
    const curriculum = curriculumConfigSchema.parse({
      version: 1,
      runId: "r",
      env: "bugfix",
      policy: "hasty",
      designer: "heuristic",
      target: { successBand: [0.4, 0.6] },
      candidatesDir: "c",
      check: 0,
      confirm: 3,
    });
    expect(curriculum).toMatchObject({ checkRollouts: 0, confirmationEpisodes: 3 });
    // A checkpoint's state written before the rename resumes with the same settings.
    const stored = {
      envId: "bugfix",
      taskId: "clamp-0",
      policy: "hasty",
      designer: "heuristic",
      target: { successBand: [0.4, 0.6] },
      check: 0,
      confirm: 7,
    };
    expect(configOf({ config: stored as never })).toMatchObject({ checkRollouts: 0, confirmationEpisodes: 7 });
    expect(trainingSourceSpecSchema.parse({ kind: "coevolve", confirm: 2 })).toMatchObject({ confirmationEpisodes: 2 });
  });
});
