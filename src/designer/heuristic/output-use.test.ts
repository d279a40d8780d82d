import { describe, expect, it } from "vitest";
import type { Trajectory } from "../../core/trajectory.js";
import type { DesignContext } from "../designer.js";
import { observedTool } from "./observed-tool.js";
import { MINIMUM_INFORMATIVE, outputUse } from "./output-use.js";
import { ToolRoles } from "../../analysis/tool-roles.js";

/** An episode of (call, answer) pairs (only the fields outputUse reads). */
function episode(calls: Array<[string, string]>): Trajectory {
  return {
    steps: calls.map(([name, answer], turn) => ({
      turn,
      policyAction: name,
      parsedAction: { name, args: {} },
      envAction: name,
      observation: { text: answer },
      info: {},
      layers: [],
    })),
  } as unknown as Trajectory;
}
const contextOf = (trajectories: Trajectory[]) =>
  ({
    baseline: { trajectories, stats: { toolUse: { peek: trajectories.length * 3, inc: 1 } } },
  }) as unknown as DesignContext;

describe("outputUse", () => {
  it("calls a plan that goes on the same way whatever the answers said `ignores`", () => {
    // peek → inc → peek → inc → peek → submit every episode, the answers different each time.
    const plan = [0, 1, 2, 3].map((seed) =>
      episode([
        ["peek", `counter ${seed}`],
        ["inc", "ok"],
        ["peek", `counter ${seed + 1}`],
        ["inc", "ok"],
        ["peek", `counter ${seed + 2}`],
        ["submit", "done"],
      ]),
    );
    expect(outputUse(contextOf(plan), "peek")).toEqual({ verdict: "ignores", informative: 3 });
    expect(MINIMUM_INFORMATIVE).toBe(3);
    // …and then no template perturbs peek's answers.
    expect(
      observedTool(
        contextOf(plan),
        new ToolRoles(["peek", "inc", "submit"].map((name) => ({ name, description: "", inputSchema: {} }))),
      ),
    ).toBeNull();
  });

  it("calls a policy that acts on the answer `reads`", () => {
    const reader = ["low", "high", "low", "high"].map((answer) =>
      episode([
        ["peek", answer],
        [answer === "low" ? "inc" : "submit", "ok"],
      ]),
    );
    expect(outputUse(contextOf(reader), "peek").verdict).toBe("reads");
    expect(
      observedTool(
        contextOf(reader),
        new ToolRoles(["peek", "inc", "submit"].map((name) => ({ name, description: "", inputSchema: {} }))),
      ),
    ).toMatchObject({ name: "peek", role: "information" });
  });

  it("says `unknown` when the answers never differ after the same calls, or the next action varies on every answer alike", () => {
    const deterministic = [0, 1, 2].map(() =>
      episode([
        ["peek", "counter 0"],
        ["inc", "ok"],
        ["peek", "counter 1"],
        ["submit", "done"],
      ]),
    );
    expect(outputUse(contextOf(deterministic), "peek")).toEqual({ verdict: "unknown", informative: 0 });
    // Random next actions, the same mix after either answer: no sign of reading, nor of a fixed plan.
    const random = [
      ["a", "inc"],
      ["a", "submit"],
      ["b", "inc"],
      ["b", "submit"],
    ].map(([answer, next]) =>
      episode([
        ["peek", answer!],
        [next!, "ok"],
      ]),
    );
    expect(outputUse(contextOf(random), "peek").verdict).toBe("unknown");
    // Too few informative histories to call it.
    const short = ["x", "y"].map((answer) =>
      episode([
        ["peek", answer],
        ["submit", "done"],
      ]),
    );
    expect(outputUse(contextOf(short), "peek")).toEqual({ verdict: "unknown", informative: 1 });
  });
});
