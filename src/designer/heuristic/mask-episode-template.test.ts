import { describe, expect, it } from "vitest";
import type { Trajectory } from "../../core/trajectory.js";
import { loadRulesComponent } from "../../sandbox/rules/component-loader.js";
import { checkComponentSource } from "../../sandbox/rules/static-check/static-check.js";
import { summarize } from "../../rollout/summarize.js";
import type { DesignContext, Diagnosis } from "../designer.js";
import { maskEpisodeTemplate } from "./mask-episode-template.js";
import { ToolRoles } from "../../analysis/tool-roles.js";

function trajectory(success: boolean, steps: number): Trajectory {
  return {
    envId: "any",
    stack: "any",
    taskId: "t",
    seed: 1,
    policy: "p",
    initialObservation: { text: "start" },
    steps: Array.from({ length: steps }, (_, turn) => ({
      turn,
      policyAction: { name: "click", args: {} },
      parsedAction: { name: "click", args: {} },
      envAction: { name: "click", args: {} },
      observation: { text: "x" },
      reward: 0,
      terminated: false,
      truncated: false,
      info: {},
      layers: [],
      policyMs: 0,
      stepMs: 0,
    })),
    stopReason: "terminated",
    evaluation: { success, score: success ? 1 : 0, metrics: {} },
    totalReward: 0,
    durationMs: 0,
  } as Trajectory;
}

function contextOf(trajectories: Trajectory[]): DesignContext {
  return {
    envId: "any",
    taskId: "t",
    instruction: "",
    tools: [],
    stateSchema: "",
    harnessApi: "",
    target: { successBand: [0.4, 0.6] },
    baseline: { stats: summarize(trajectories), trajectories },
    attempts: [],
    seed: 1,
  };
}

const harder = { direction: "harder" } as Diagnosis;

describe("mask-episode", () => {
  it("plans first when successes take one move, as a fallback otherwise, never for an easier target", () => {
    const quick = maskEpisodeTemplate.plan({
      context: contextOf([trajectory(true, 1), trajectory(true, 1), trajectory(false, 3)]),
      diagnosis: harder,
      roles: new ToolRoles(),
    });
    expect(quick).toMatchObject({
      template: "mask-episode",
      priority: 1.2,
      knob: { mixture: true, name: "probability" },
    });
    expect(quick!.initial).toBeCloseTo((2 / 3 - 0.5) / (2 / 3));
    const slow = maskEpisodeTemplate.plan({
      context: contextOf([trajectory(true, 4), trajectory(true, 5)]),
      diagnosis: harder,
      roles: new ToolRoles(),
    });
    expect(slow?.priority).toBe(0.22);
    expect(
      maskEpisodeTemplate.plan({
        context: contextOf([trajectory(true, 1)]),
        diagnosis: { direction: "easier" } as Diagnosis,
        roles: new ToolRoles(),
      }),
    ).toBeNull();
    expect(
      maskEpisodeTemplate.plan({
        context: contextOf([trajectory(false, 1)]),
        diagnosis: harder,
        roles: new ToolRoles(),
      }),
    ).toBeNull();
  });

  it("builds a Rules source that passes the sandbox and blinds whole episodes, the start included", async () => {
    const [layer] = maskEpisodeTemplate.build({}, 1, contextOf([]));
    expect(layer?.kind).toBe("rules");
    const source = (layer as { source: string }).source;
    expect(checkComponentSource(source).issues).toEqual([]);
    const loaded = await loadRulesComponent(source);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
    try {
      const context = { state: {}, memory: {}, turn: 0, seed: 1, random: () => 0.5 };
      expect(
        await loaded.runtime.filterObservation({ text: "Task: click", data: { elements: [] } }, context),
      ).toMatchObject({
        ok: true,
        value: { text: "[the observation is unavailable in this episode]", data: {} },
        memory: { blind: true },
      });
    } finally {
      loaded.runtime.dispose();
    }
    const never = (maskEpisodeTemplate.build({}, 0, contextOf([]))[0] as { source: string }).source;
    expect(never).toContain("context.random() < 0");
  });
});
