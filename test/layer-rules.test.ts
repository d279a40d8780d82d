import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

interface Rule {
  name: string;
  from: { path?: string; pathNot?: string | string[] };
  to: { path?: string; circular?: boolean };
}
const config = createRequire(import.meta.url)("../.dependency-cruiser.cjs") as { forbidden: Rule[] };

/** Whether `rule` forbids an import from `from` to `to` (paths relative to the repository). */
function forbids(rule: Rule, from: string, to: string): boolean {
  const notFrom = [rule.from.pathNot ?? []].flat();
  if (rule.from.path && !new RegExp(rule.from.path).test(from)) return false;
  if (notFrom.some((pattern) => new RegExp(pattern).test(from))) return false;
  return rule.to.path !== undefined && new RegExp(rule.to.path).test(to);
}
const forbidden = (from: string, to: string) =>
  config.forbidden.filter((rule) => forbids(rule, from, to)).map((rule) => rule.name);

describe("the layer rules CI checks (.dependency-cruiser.cjs)", () => {
  it("forbid an import up the layers and allow one down", () => {
    expect(forbidden("src/rl/run-training.ts", "src/app/create-rig-dependencies.ts")).toEqual(["layer-rl"]);
    expect(forbidden("src/curriculum/run-curriculum.ts", "src/rl/coevolution-source.ts")).toEqual(["layer-curriculum"]);
    expect(forbidden("src/serve/load-served-set.ts", "src/cli/program.ts")).toEqual(["layer-serve"]);
    expect(forbidden("src/rl/run-training.ts", "src/app/create-rollout-executor.ts")).toEqual(["layer-rl"]);
    expect(forbidden("src/rl/run-training.ts", "src/queue/open-rollout-queue.ts")).toEqual([]);
    expect(forbidden("src/app/create-rig-dependencies.ts", "src/rigger/rig-task.ts")).toEqual([]);
  });

  it("keep the leaves on core, bridges behind their index, and test doubles out of the product", () => {
    expect(forbidden("src/run-format/run-paths.ts", "src/rigger/rig-config.ts")).toContain("layer-run-format");
    expect(forbidden("src/run-format/run-paths.ts", "src/core/json.ts")).toEqual([]);
    expect(forbidden("src/policies/toy24/greedy-policy.ts", "src/bridges/toy24/fraction.ts")).toEqual([
      "bridge-public-surface",
    ]);
    expect(forbidden("src/policies/toy24/greedy-policy.ts", "src/bridges/toy24/index.ts")).toEqual([]);
    expect(forbidden("src/bridges/toy24/toy24-env.ts", "src/bridges/toy24/fraction.ts")).toEqual([]);
    expect(forbidden("src/rigger/rig-task.ts", "src/testing/test-env.ts")).toEqual(["testing-is-for-tests"]);
    // Tests may reach anywhere.
    expect(forbidden("src/rl/training-reward.test.ts", "src/app/create-rig-dependencies.ts")).toEqual([]);
  });

  it("keep the product's wiring (product-* files) in src/app, the composition root", () => {
    expect(forbidden("src/cli/commands/serve-command.ts", "src/app/product-stack-dependencies.ts")).toEqual([]);
    expect(forbidden("src/app/create-rig-dependencies.ts", "src/app/product-sandbox-options.ts")).toEqual([]);
    // A product-* file below app cannot be imported, not even by app or a test.
    expect(forbidden("src/app/create-rollout-executor.ts", "src/policies/product-rollout-executor.ts")).toEqual([
      "product-wiring-in-app",
    ]);
    expect(forbidden("src/serve/serve-fuzz.test.ts", "src/bridges/product-stack-dependencies.ts")).toEqual([
      "product-wiring-in-app",
    ]);
  });
});
