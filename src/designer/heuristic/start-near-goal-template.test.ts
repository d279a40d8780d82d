import { describe, expect, it } from "vitest";
import { toy24Env } from "../../bridges/toy24/toy24-env-definition.js";
import { toy24Tools } from "../../bridges/toy24/toy24-tools.js";
import { buildStack } from "../../harness/build-stack.js";
import type { LayerSpec } from "../../harness/harness-stack-spec.js";
import { toy24Policies } from "../../policies/toy24/toy24-policies.js";
import { runRollouts } from "../../rollout/run-rollouts.js";
import { summarize } from "../../rollout/summarize.js";
import { loadRulesComponent } from "../../sandbox/rules/component-loader.js";
import { ToolRoles } from "../../analysis/tool-roles.js";
import type { DesignContext } from "../designer.js";
import { demonstrationPath } from "./demonstration-path.js";
import { refuseOffPathTemplate } from "./refuse-off-path-template.js";
import { startNearGoalLayers, startNearGoalTemplate } from "./start-near-goal-template.js";

const taskId = "24-1";

async function context(): Promise<DesignContext> {
  const run = (policy: string, episodes: number) =>
    runRollouts({
      createEnv: () => toy24Env.create(),
      policy: toy24Policies[policy]!,
      tasks: [{ taskId }],
      episodes,
      seed: 3,
    });
  const baseline = await run("random", 20);
  return {
    envId: "toy24",
    taskId,
    instruction: baseline[0]!.initialObservation.text,
    tools: toy24Tools(),
    stateSchema: "",
    harnessApi: "",
    target: { successBand: [0.4, 0.6] },
    baseline: {
      stats: summarize(baseline),
      trajectories: baseline.filter((trajectory) => !trajectory.evaluation?.success),
    },
    demonstrations: await run(toy24Env.demonstrator!, 1),
    attempts: [],
    seed: 1,
  };
}

async function successOf(layers: LayerSpec[]): Promise<number> {
  const trajectories = await runRollouts({
    createEnv: () =>
      buildStack(
        { version: 1, base: { env: "toy24", taskId }, layers },
        { resolveEnv: async () => toy24Env, loadRules: (source) => loadRulesComponent(source) },
      ),
    policy: toy24Policies.random!,
    tasks: [{ taskId }],
    episodes: 60,
    seed: 5,
  });
  expect(trajectories.filter((trajectory) => trajectory.stopReason === "error")).toEqual([]);
  return summarize(trajectories).successRate;
}

describe("start-near-goal and refuse-off-path on the Game of 24", () => {
  it("read the demonstrator's solution as a path: three combinations, then submit", async () => {
    const path = demonstrationPath(await context(), new ToolRoles(toy24Tools()));
    expect(path?.source).toBe("demonstrator");
    expect(path?.steps.map((step) => (typeof step === "string" ? step : step.name))).toEqual([
      "combine",
      "combine",
      "combine",
    ]);
    expect(path?.finish).toEqual({ name: "submit", args: {} });
  });

  it("make a task the random policy rarely solves easier, more so the fewer steps are left and with the refusal under the Setup", async () => {
    const designContext = await context();
    const diagnosis = { text: "", weaknesses: [], direction: "easier" as const };
    const roles = new ToolRoles(designContext.tools);
    const plan = startNearGoalTemplate.plan({ context: designContext, diagnosis, roles })!;
    const refuse = refuseOffPathTemplate.plan({ context: designContext, diagnosis, roles })!;
    expect(plan.knob).toMatchObject({ name: "assist", neutral: 0, strongest: 3, harderWhen: "smaller" });
    const near = startNearGoalTemplate.build(plan.settings, 2, designContext);
    const far = startNearGoalTemplate.build(plan.settings, 1, designContext);
    const refusal = refuseOffPathTemplate.build(refuse.settings, 1, designContext);
    // At the most help, the template itself puts the same refusal under its Setup.
    expect(startNearGoalTemplate.build(plan.settings, 3, designContext)).toEqual([...refusal, ...near]);
    const bare = await successOf([]);
    const oneLeft = await successOf(near);
    const twoLeft = await successOf(far);
    // Under the Setup, the refusal follows the path from where the replay left it.
    const guided = await successOf([...refusal, ...near]);
    expect(bare).toBeLessThan(0.15);
    expect(oneLeft).toBeGreaterThan(twoLeft);
    expect(twoLeft).toBeGreaterThanOrEqual(bare);
    expect(guided).toBeGreaterThan(oneLeft);
  });

  it("mix two neighbouring depths for a fractional number of remaining steps, never replaying a whole solution", () => {
    const steps = [1, 2, 3].map((value) => ({ name: "combine", args: { i: 0, j: 1, op: `op${value}` } }));
    expect(startNearGoalLayers(steps, 1)).toEqual([{ kind: "setup", actions: steps.slice(0, 2) }]);
    expect(startNearGoalLayers(steps, 1.25)).toEqual([
      {
        kind: "setup",
        actions: steps.slice(0, 2),
        prefixes: [
          { length: 2, weight: 0.75 },
          { length: 1, weight: 0.25 },
        ],
      },
    ]);
    expect(startNearGoalLayers(steps, 0)).toEqual([{ kind: "setup", actions: steps.slice(0, 2) }]);
    expect(startNearGoalLayers(steps, 3)).toEqual([
      { kind: "setup", actions: steps.slice(0, 1), prefixes: [{ length: 0, weight: 1 }] },
    ]);
  });
});
