import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FunctionRulesRuntime } from "../testing/function-rules-runtime.js";
import { ScriptedDesigner } from "../testing/scripted-designer.js";
import { hesitantCounterPolicy } from "../testing/hesitant-counter-policy.js";
import { TestEnvDefinition } from "../testing/test-env-definition.js";
import { CandidateStore } from "./candidate-store.js";
import type { RigDependencies } from "./rig-dependencies.js";
import { rigTask } from "./rig-task.js";
import { measurementCap } from "./rollout-budget.js";
import { rigConfigSchema } from "./rig-config.js";

const policy = hesitantCounterPolicy;

/** Every candidate rewrites an `inc` into a `dec` with probability 0.3: near a band of [0.25, 0.35], never decided fast. */
const sabotage = (): FunctionRulesRuntime =>
  new FunctionRulesRuntime(
    {
      filterAction: (action, context) =>
        action.name === "inc" && context.random() < 0.3
          ? { kind: "rewrite", action: { name: "dec", args: {} } }
          : { kind: "pass" },
    },
    { usesState: false },
  );

function dependencies(designer: ScriptedDesigner, root: string): RigDependencies {
  const env = new TestEnvDefinition();
  const loadRules = async () => ({ ok: true as const, runtime: sabotage() });
  const store = new CandidateStore(join(root, "candidates"));
  const checkRules = async () => ({ ok: true, issues: [] });
  const harnessApi = "declare function defineRules(rules: object): object;";
  return { env, policy, designer, stack: { resolveEnv: async () => env, loadRules }, checkRules, harnessApi, store };
}

const candidate = { layers: [{ kind: "rules" as const, source: "sabotage" }], rationale: "sabotage" };

const task = { envId: "test", taskId: "t1", policy: "hesitant", designer: "scripted", seed: 1 };

describe("the rollout budget (--budget-rollouts)", () => {
  it("caps each measurement at what the task has left, never below one batch", () => {
    const config = rigConfigSchema.parse({ ...task, target: { successBand: [0.4, 0.6] }, budgetRollouts: 60 });
    expect(measurementCap(config, 0)).toBe(60);
    expect(measurementCap(config, 40)).toBe(20);
    expect(measurementCap(config, 58)).toBe(5);
    expect(measurementCap(config, 200)).toBe(5);
    expect(measurementCap({ ...config, budgetRollouts: undefined }, 200)).toBe(config.kMax);
  });

  it("stops the task at the budget (at most one batch over) and says which verdict it reached, BUDGET_EXHAUSTED", async () => {
    const root = mkdtempSync(join(tmpdir(), "rig-budget-"));
    const designer = new ScriptedDesigner(Array.from({ length: 6 }, () => candidate));
    const budget = 47;
    const decisions: string[] = [];
    const result = await rigTask(
      { ...task, target: { successBand: [0.25, 0.35] }, confirmationEpisodes: 0, budgetRollouts: budget },
      {
        ...dependencies(designer, root),
        onEvent: (event) => {
          if (event.node === "decide") decisions.push(event.message);
        },
      },
    );
    expect(result.rollouts).toBeGreaterThanOrEqual(budget);
    expect(result.rollouts).toBeLessThanOrEqual(budget + 5);
    if (result.outcome !== "accepted") {
      expect(result.outcome).toBe("rejected");
      // The last verdict says the budget ended the task (an earlier candidate may be closer: `best`).
      expect(decisions.at(-1)).toMatch(/BUDGET_EXHAUSTED \(\d+ of 47 rollouts spent\)/);
    }
  });
});
