import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isEnvriggerError } from "../../core/errors.js";
import { LearnableModel } from "./learnable-model.js";
import { loadLearnedWeights, saveLearnedWeights, weightsFileOf } from "./learned-weights-file.js";
import { learnedModelOf } from "./resolve-learned-policy.js";

const directory = mkdtempSync(join(tmpdir(), "envrigger-weights-"));

function trainedLike(): LearnableModel {
  const model = LearnableModel.initial().clone("bugfix");
  model.weights[3] = 0.1 + 0.2;
  model.weights[model.weights.length - 1] = -1e-17;
  return model;
}

describe("learned weights files", () => {
  it("round-trip exactly, with version, env and feature configuration", () => {
    const path = join(directory, "ok.json");
    const model = trainedLike();
    saveLearnedWeights(path, model);
    const loaded = loadLearnedWeights(path);
    expect(Array.from(loaded.weights)).toEqual(Array.from(model.weights));
    expect(loaded.features).toEqual(model.features);
    expect(loaded.envId).toBe("bugfix");
  });

  const cases: Array<[string, (file: Record<string, unknown>) => unknown, RegExp]> = [
    ["corrupt JSON", () => "{ not json", /not valid JSON/],
    ["another format", (file) => ({ ...file, format: "something-else" }), /format is "something-else"/],
    ["another version", (file) => ({ ...file, version: 7 }), /version 7 is not supported/],
    [
      "an index outside the dimension",
      (file) => ({ ...file, weights: { indices: [1 << 20], values: [1] } }),
      /outside the feature dimension/,
    ],
    [
      "mismatched arrays",
      (file) => ({ ...file, weights: { indices: [1, 2], values: [1] } }),
      /2 entries but weights.values has 1/,
    ],
    ["a non-finite weight", (file) => ({ ...file, weights: { indices: [1], values: ["x"] } }), /weights\.values/],
  ];
  for (const [what, mutate, message] of cases) {
    it(`refuse ${what} with a clear error`, () => {
      const path = join(directory, `${what.replace(/\W+/g, "-")}.json`);
      const content = mutate(weightsFileOf(trainedLike()) as unknown as Record<string, unknown>);
      writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
      let caught: unknown;
      try {
        loadLearnedWeights(path);
      } catch (error) {
        caught = error;
      }
      expect(isEnvriggerError(caught, "BAD_CONFIG")).toBe(true);
      expect((caught as Error).message).toMatch(message);
      expect((caught as Error).message).toContain(path);
    });
  }

  it("refuse weights trained on another env, and a missing file", () => {
    const path = join(directory, "bugfix.json");
    saveLearnedWeights(path, trainedLike());
    expect(() => learnedModelOf(`learned:${path}`, "toy24")).toThrow(/trained on env bugfix, not toy24/);
    expect(() => learnedModelOf("learned:/nonexistent/weights.json", "bugfix")).toThrow(/weights file not found/);
    expect(learnedModelOf("learned:init", "toy24").weights.every((value) => value === 0)).toBe(true);
  });
});
