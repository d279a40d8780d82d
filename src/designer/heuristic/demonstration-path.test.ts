import { describe, expect, it } from "vitest";
import type { Trajectory } from "../../core/trajectory.js";
import { ToolRoles } from "../../analysis/tool-roles.js";
import { pathOf } from "./demonstration-path.js";

const roles = new ToolRoles([
  { name: "command", description: "a text command", inputSchema: { type: "object", properties: {} } },
  { name: "submit", description: "finish the episode", inputSchema: { type: "object", properties: {} } },
]);

function step(envAction: Trajectory["steps"][number]["envAction"], parsedAction: unknown, info = {}) {
  return { envAction, parsedAction, policyAction: envAction ?? "", info };
}

describe("a successful episode read as a path", () => {
  it("keeps text steps as the Setup replays them and their parses as the calls a Rules hook compares", () => {
    const trajectory = {
      steps: [
        step("open chest", { name: "command", args: { text: "open chest" } }),
        step(null, null),
        step("take key", { name: "command", args: { text: "take key" } }),
        step({ name: "submit", args: {} }, { name: "submit", args: {} }),
      ],
    } as unknown as Trajectory;
    expect(pathOf(trajectory, roles, "demonstrator")).toEqual({
      source: "demonstrator",
      steps: ["open chest", "take key"],
      finish: { name: "submit", args: {} },
      calls: [
        { name: "command", args: { text: "open chest" } },
        { name: "command", args: { text: "take key" } },
        { name: "submit", args: {} },
      ],
    });
  });

  it("has no calls when a text step did not parse", () => {
    const trajectory = { steps: [step("???", null), step("take key", null)] } as unknown as Trajectory;
    expect(pathOf(trajectory, roles, "policy").calls).toBeNull();
  });
});
