import { afterAll, describe, expect, it } from "vitest";
import { createBugFixEnvDefinition, parseCall } from "../../bridges/bugfix/index.js";
import type { PolicyFactory } from "../../core/policy.js";
import type { Trajectory } from "../../core/trajectory.js";
import { RulesLayer } from "../../harness/rules-layer.js";
import { runRollouts } from "../../rollout/run-rollouts.js";
import { summarize, type RolloutSummary } from "../../rollout/summarize.js";
import { FunctionRulesRuntime } from "../../testing/function-rules-runtime.js";
import { bugfixPersonas } from "./bugfix-personas.js";

const definition = createBugFixEnvDefinition();
afterAll(() => definition.dispose());

async function rollouts(factory: PolicyFactory, episodes: number, seed = 1): Promise<Trajectory[]> {
  const tasks = (await definition.listTasks("train")).map((task) => ({ taskId: task.id, group: task.group }));
  return runRollouts({ createEnv: () => definition.create({}), policy: factory, tasks, episodes, seed });
}

const baselines = new Map<string, { trajectories: Trajectory[]; summary: RolloutSummary }>();
async function baseline(name: string) {
  if (!baselines.has(name)) {
    const trajectories = await rollouts(bugfixPersonas[name]!, 40);
    baselines.set(name, { trajectories, summary: summarize(trajectories) });
  }
  return baselines.get(name)!;
}

describe("BugFix personas", () => {
  it("exports hasty, looper and novice by name", () => {
    expect(Object.keys(bugfixPersonas).sort()).toEqual(["hasty", "looper", "novice"]);
    for (const [name, factory] of Object.entries(bugfixPersonas)) expect(factory().name).toBe(name);
  });

  it("emit only well-formed calls, and the same seed gives the same episodes", async () => {
    for (const factory of Object.values(bugfixPersonas)) {
      const first = await rollouts(factory, 3, 5);
      const again = await rollouts(factory, 3, 5);
      expect(first.map((trajectory) => trajectory.steps.map((step) => step.policyAction))).toEqual(
        again.map((trajectory) => trajectory.steps.map((step) => step.policyAction)),
      );
      for (const step of first.flatMap((trajectory) => trajectory.steps)) {
        expect(typeof step.policyAction === "string" && parseCall(step.policyAction) !== null).toBe(true);
        expect(step.info.actionError).toBeNull();
      }
    }
  });

  it("hasty succeeds often but submits untested about half the time", async () => {
    const { trajectories, summary } = await baseline("hasty");
    expect(summary.successRate).toBeGreaterThan(0.8);
    const untested = trajectories.filter((trajectory) => {
      const tools = trajectory.steps.map((step) => step.parsedAction?.name);
      return (
        tools.includes("submit") &&
        tools.indexOf("submit") < (tools.includes("test") ? tools.indexOf("test") : Infinity)
      );
    });
    expect(untested.length / trajectories.length).toBeGreaterThan(0.3);
    expect(untested.length / trajectories.length).toBeLessThan(0.7);
  });

  it("looper runs out of turns, more on the long loop code", async () => {
    const { summary } = await baseline("looper");
    for (const family of ["clamp", "compare", "divide"])
      expect(summary.byGroup[family]!.successRate).toBeGreaterThan(0.6);
    for (const family of ["range", "init"]) {
      expect(summary.byGroup[family]!.successRate).toBeLessThan(0.5);
      expect(summary.byGroup[family]!.stopReasons.budget).toBeGreaterThan(summary.byGroup[family]!.episodes / 2);
    }
  });

  it("novice is reliable on min/max, division and comparison code and flips a coin on loops", async () => {
    const { summary } = await baseline("novice");
    for (const family of ["clamp", "compare", "divide"]) expect(summary.byGroup[family]!.successRate).toBe(1);
    for (const family of ["range", "init"]) {
      expect(summary.byGroup[family]!.successRate).toBeGreaterThan(0.3);
      expect(summary.byGroup[family]!.successRate).toBeLessThan(0.7);
    }
  });

  it("success rates differ by task and are not all inside [0.4, 0.6]", async () => {
    const rates: number[] = [];
    for (const name of Object.keys(bugfixPersonas)) {
      const { trajectories } = await baseline(name);
      const perTask = summarize(trajectories, (trajectory) => trajectory.taskId).byGroup;
      rates.push(...Object.values(perTask).map((stats) => stats.successRate));
    }
    expect(rates.filter((rate) => rate < 0.4 || rate > 0.6).length).toBeGreaterThan(rates.length / 2);
    expect(Math.max(...rates) - Math.min(...rates)).toBeGreaterThan(0.5);
  });

  it("degrade when the read output is masked: they guess", async () => {
    const mask = () =>
      new FunctionRulesRuntime(
        {
          modifyTransition: (action) => (action.name === "read" ? { text: "[the output of read is unavailable]" } : {}),
        },
        { usesState: false },
      );
    for (const name of ["novice", "hasty"]) {
      const plain = await runRollouts({
        createEnv: () => definition.create({}),
        policy: bugfixPersonas[name]!,
        tasks: [{ taskId: "clamp-0" }],
        episodes: 40,
        seed: 3,
      });
      const masked = await runRollouts({
        createEnv: async () => new RulesLayer(await definition.create({}), mask()),
        policy: bugfixPersonas[name]!,
        tasks: [{ taskId: "clamp-0" }],
        episodes: 40,
        seed: 3,
      });
      expect(summarize(masked).successRate).toBeLessThan(summarize(plain).successRate - 0.2);
    }
  });
});
