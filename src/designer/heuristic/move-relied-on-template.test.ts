import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolSpec } from "../../core/tool-spec.js";
import type { Trajectory } from "../../core/trajectory.js";
import { bugfixEnv } from "../../bridges/bugfix/bugfix-env-definition.js";
import { textworldEnv } from "../../bridges/textworld/textworld-env-definition.js";
import { SetupLayer } from "../../harness/setup-layer.js";
import { resolvePolicy } from "../../policies/policy-registry.js";
import { runRollouts } from "../../rollout/run-rollouts.js";
import { summarize } from "../../rollout/summarize.js";
import type { DesignContext, Diagnosis } from "../designer.js";
import { moveReliedOnTemplate, readStagingTool } from "./move-relied-on-template.js";
import { ToolRoles } from "../../analysis/tool-roles.js";

const TASK = "tw-another_game-quest-3";
const harder = { direction: "harder" } as Diagnosis;
let tools: ToolSpec[];
let baseline: Trajectory[];

function contextOf(trajectories: Trajectory[], envTools: ToolSpec[]): DesignContext {
  return {
    envId: "textworld",
    taskId: TASK,
    instruction: "",
    tools: envTools,
    stateSchema: "",
    harnessApi: "",
    target: { successBand: [0.4, 0.6] },
    baseline: { stats: summarize(trajectories), trajectories },
    attempts: [],
    seed: 1,
  };
}

/** Success of `policy` on TASK, on the plain env or under `setup`. */
async function success(policyName: string, setup: unknown[] | null, episodes: number): Promise<number> {
  const policy = await resolvePolicy(policyName, "textworld");
  const createEnv = async () => {
    const base = await textworldEnv.create();
    return setup === null ? base : new SetupLayer(base, setup as never);
  };
  return summarize(
    await runRollouts({ createEnv, policy: policy.factory, tasks: [{ taskId: TASK }], episodes, seed: 9 }),
  ).successRate;
}

beforeAll(async () => {
  const env = await textworldEnv.create();
  tools = await env.tools();
  await env.close();
  const policy = await resolvePolicy("walkthrough", "textworld");
  baseline = await runRollouts({
    createEnv: () => textworldEnv.create(),
    policy: policy.factory,
    tasks: [{ taskId: TASK }],
    episodes: 3,
    seed: 1,
  });
});
afterAll(async () => {
  await textworldEnv.dispose?.();
});

describe("move-relied-on", () => {
  it("reads a staging tool by its contract, and nothing else", async () => {
    expect(readStagingTool(tools.find((tool) => tool.name === "stage_move")!)).toEqual({
      name: "stage_move",
      what: { parameter: "thing", values: ["old key"] },
      where: { parameter: "to", values: expect.arrayContaining(["king-size bed", "floor"]) },
      probability: "probability",
    });
    expect(readStagingTool(tools.find((tool) => tool.name === "command")!)).toBeNull();
    // A stage tool without enumerations (nothing to read the things from) is not one.
    expect(
      readStagingTool({
        name: "stageMove",
        description: "",
        inputSchema: {
          type: "object",
          properties: { thing: { type: "string" }, to: { type: "string" } },
          required: ["thing", "to"],
        },
      }),
    ).toBeNull();
    const bugfix = await bugfixEnv.create();
    try {
      expect((await bugfix.tools()).map(readStagingTool).filter(Boolean)).toEqual([]);
    } finally {
      await bugfix.close();
    }
  });

  it("plans from the successful episodes: the thing their actions name, a place seen at the start that the plan never uses", () => {
    const planned = moveReliedOnTemplate.plan({
      context: contextOf(baseline, tools),
      diagnosis: harder,
      roles: new ToolRoles(tools),
    });
    expect(planned).toMatchObject({
      template: "move-relied-on",
      knob: { name: "probability", neutral: 0, strongest: 1, mixture: true, harderWhen: "larger" },
      settings: { tool: "stage_move", moves: [{ thing: "old key", to: "chest drawer" }] },
    });
    // The plan opens the antique trunk and never names the chest drawer, which the opening text shows.
    // Walkthrough success 1.0: half the episodes moved puts the estimate at the band's middle.
    expect(planned!.initial).toBeCloseTo(0.5);
    expect(planned!.reason).toContain('"old key"');
    // The knob's name must not be a settings key: the designer tells revisions of one plan apart by the settings without the knob.
    expect(planned!.settings).not.toHaveProperty(planned!.knob.name);
  });

  it("is not applicable without a staging tool, without a success, or for an easier target", () => {
    const roles = new ToolRoles(tools);
    const commandOnly = tools.filter((tool) => tool.name === "command");
    expect(
      moveReliedOnTemplate.plan({ context: contextOf(baseline, commandOnly), diagnosis: harder, roles }),
    ).toBeNull();
    expect(
      moveReliedOnTemplate.plan({
        context: contextOf(baseline, tools),
        diagnosis: { direction: "easier" } as Diagnosis,
        roles,
      }),
    ).toBeNull();
    const failed = baseline.map((trajectory) => ({
      ...trajectory,
      evaluation: { success: false, score: 0, metrics: {} },
    }));
    expect(moveReliedOnTemplate.plan({ context: contextOf(failed, tools), diagnosis: harder, roles })).toBeNull();
  });

  it("builds a Setup whose probability moves success between the baseline's and the broken plan's", async () => {
    const settings = moveReliedOnTemplate.plan({
      context: contextOf(baseline, tools),
      diagnosis: harder,
      roles: new ToolRoles(tools),
    })!.settings;
    const setupAt = (magnitude: number) => {
      const [layer] = moveReliedOnTemplate.build(settings, magnitude, contextOf(baseline, tools));
      expect(layer?.kind).toBe("setup");
      return (layer as { actions: unknown[] }).actions;
    };
    expect(setupAt(0.25)).toEqual([
      { name: "stage_move", args: { thing: "old key", to: "chest drawer", probability: 0.25 } },
    ]);
    expect(await success("walkthrough", null, 6)).toBe(1);
    expect(await success("walkthrough", setupAt(1), 6)).toBe(0);
    const half = await success("walkthrough", setupAt(0.5), 20);
    expect(half).toBeGreaterThan(0.2);
    expect(half).toBeLessThan(0.8);
  }, 120_000);
});
