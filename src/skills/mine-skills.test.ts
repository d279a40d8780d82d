import { describe, expect, it } from "vitest";
import type { Action } from "../core/action.js";
import type { ToolSpec } from "../core/tool-spec.js";
import type { Trajectory } from "../core/trajectory.js";
import { mineSkills } from "./mine-skills.js";

const tools: ToolSpec[] = ["inspect", "move", "check", "finish"].map((name) => ({
  name,
  description: `${name} tool`,
  inputSchema: { type: "object", properties: {} },
}));

/** A trajectory of structured calls on a made-up env (not BugFix): the miner reads only roles and observations. */
function episode(
  taskId: string,
  names: string[],
  success: boolean,
  seed: number,
  shown: Record<string, string> = {},
  args: Record<string, Action["args"]> = {},
): Trajectory {
  return {
    envId: "grid",
    stack: "grid",
    taskId,
    seed,
    policy: "scripted",
    initialObservation: { text: "reach the goal" },
    steps: names.map((name, turn) => {
      const action: Action = { name, args: args[name] ?? (name === "move" ? { to: turn } : {}) };
      return {
        turn,
        policyAction: action,
        parsedAction: action,
        envAction: action,
        observation: { text: shown[name] ?? (name === "check" ? "all good" : `did ${name}`) },
        reward: 0,
        terminated: name === "finish",
        truncated: false,
        info: {},
        layers: [],
        policyMs: 0,
        stepMs: 0,
      };
    }),
    stopReason: "submit",
    evaluation: { success, score: success ? 1 : 0, metrics: {} },
    totalReward: success ? 1 : 0,
    durationMs: 1,
  };
}

describe("mineSkills", () => {
  it("keeps the habit that separates successes from failures of the same tasks, with its counts, naming tools and never tasks", () => {
    const trajectories = [
      ...Array.from({ length: 9 }, (_, seed) => episode("task-a", ["inspect", "move", "check", "finish"], true, seed)),
      episode("task-a", ["inspect", "move", "finish"], true, 9),
      ...Array.from({ length: 8 }, (_, seed) => episode("task-a", ["inspect", "move", "finish"], false, 20 + seed)),
      ...Array.from({ length: 2 }, (_, seed) =>
        episode("task-a", ["inspect", "move", "check", "finish"], false, 40 + seed),
      ),
      // A task every episode solves says nothing about what decides success.
      ...Array.from({ length: 10 }, (_, seed) => episode("task-b", ["move", "finish"], true, 60 + seed)),
    ];
    const mined = mineSkills({ envId: "grid", tools, trajectories });
    expect(mined.contrastedTasks).toEqual(["task-a"]);
    expect(mined.episodes).toBe(20);
    expect(mined.items).toHaveLength(1);
    const [item] = mined.items;
    expect(item!.title).toBe("Verify before finishing");
    expect(item!.content).toContain("check");
    expect(item!.content).toContain("finish");
    expect(item!.provenance).toMatchObject({
      envId: "grid",
      taskIds: ["task-a"],
      stacks: ["original"],
      status: "success",
      source: "mined",
      extractor: "mined",
    });
    expect(item!.provenance.counts).toMatchObject({
      successesShowing: 9,
      successes: 10,
      failuresShowing: 2,
      failures: 10,
      successWith: 9 / 11,
      successWithout: 1 / 9,
      decisive: true,
    });
    expect(item!.provenance.evidence).toContain(
      "ran the verification tool (check) before finishing (finish): 9/10 successes vs 2/10 failures",
    );
    expect(`${item!.title} ${item!.description} ${item!.content}`).not.toMatch(/task-[ab]/);
    const reads = mined.contrasts.find((contrast) => contrast.habit === "reads-before-changing")!;
    expect(reads.verdict).toBe("too-small");
  });

  it("words a habit that goes with failure as a lesson, and marks it decisive by the decision rule's criterion", () => {
    const trajectories = [
      ...Array.from({ length: 8 }, (_, seed) => episode("task-a", ["move", "check", "finish"], true, seed)),
      ...Array.from({ length: 8 }, (_, seed) =>
        episode("task-a", ["move", "check", "check", "finish"], false, 20 + seed),
      ),
    ];
    const mined = mineSkills({ envId: "grid", tools, trajectories });
    const lesson = mined.items.find((item) => item.provenance.status === "failure");
    expect(lesson?.title).toBe("Never repeat the call you just made");
    expect(lesson?.provenance.counts).toMatchObject({
      successesShowing: 0,
      failuresShowing: 8,
      successWith: 0,
      successWithout: 1,
      decisive: true,
    });
  });

  it("finds nothing when every episode of every task has the same outcome, or too few episodes", () => {
    expect(
      mineSkills({
        envId: "grid",
        tools,
        trajectories: Array.from({ length: 6 }, (_, seed) =>
          episode("task-a", ["move", "finish"], seed % 2 === 0, seed),
        ),
      }).items,
    ).toEqual([]);
    expect(
      mineSkills({
        envId: "grid",
        tools,
        trajectories: Array.from({ length: 6 }, (_, seed) => episode("task-a", ["move", "finish"], true, seed)),
      }).contrastedTasks,
    ).toEqual([]);
  });

  it("finds the observation cue that precedes the change that solved the task, across tasks", () => {
    const trajectories: Trajectory[] = [];
    let seed = 0;
    for (const taskId of ["room-1", "room-2", "room-3"]) {
      const color = taskId === "room-3" ? "blue" : "red";
      const shown = { inspect: `door ${taskId} is ${color}` };
      for (let index = 0; index < 6; index++)
        trajectories.push(
          episode(taskId, ["inspect", "move", "finish"], true, seed++, shown, { move: { paint: color } }),
        );
      for (let index = 0; index < 3; index++)
        trajectories.push(
          episode(taskId, ["inspect", "move", "finish"], false, seed++, shown, {
            move: { paint: color === "red" ? "green" : "red" },
          }),
        );
    }
    const cue = mineSkills({ envId: "grid", tools, trajectories }).items.find((item) => item.title.includes("red"));
    expect(cue?.title).toBe('When inspect shows “red”, make the change move(paint="red")');
    expect(cue?.provenance.evidence).toContain("12/12 of those episodes succeeded vs 0/6");
    expect(cue?.provenance.taskIds).toEqual(["room-1", "room-2"]);
    // A task's own name ("room-1") is never a cue: it is seen in one task only.
    expect(`${cue?.title} ${cue?.content}`).not.toContain("room-");
  });
});
