import { describe, expect, it } from "vitest";
import { bugFixTools } from "../bridges/bugfix/bugfix-tools.js";
import { toy24Tools } from "../bridges/toy24/toy24-tools.js";
import { TestEnv } from "../testing/test-env.js";
import { classifyTool, ToolRoles } from "./tool-roles.js";

describe("tool roles", () => {
  it("classifies the BugFix tools", () => {
    const roles = new ToolRoles(bugFixTools());
    expect(["read", "test", "edit", "submit"].map((name) => roles.roleOf(name))).toEqual([
      "information",
      "verification",
      "other",
      "finishing",
    ]);
    expect(roles.named("finishing")).toEqual(["submit"]);
  });

  it("classifies other envs' tools by name, then description", async () => {
    const toy = new ToolRoles(toy24Tools());
    expect(toy.roleOf("submit")).toBe("finishing");
    expect(toy.roleOf("combine")).toBe("other");
    expect(toy.named("backtracking")).toEqual(["undo", "reset"]);
    const test = new ToolRoles(await new TestEnv().tools());
    expect(test.roleOf("peek")).toBe("information");
    expect(classifyTool({ name: "run_tests" })).toBe("verification");
    expect(classifyTool({ name: "finalAnswer" })).toBe("finishing");
    expect(classifyTool({ name: "Bash", description: "Runs the tests or lists files" })).toBe("verification");
    expect(classifyTool({ name: "frobnicate", description: "Shows the map" })).toBe("information");
    expect(new ToolRoles().roleOf("examine")).toBe("information");
  });

  it("recognises backtracking tools by name or description, and keeps moves as `other`", () => {
    expect(classifyTool({ name: "revert_edit" })).toBe("backtracking");
    expect(classifyTool({ name: "rollbackStep" })).toBe("backtracking");
    expect(classifyTool({ name: "pop", description: "Takes back the last move." })).toBe("backtracking");
    expect(classifyTool({ name: "home", description: "Goes back to the start position." })).toBe("backtracking");
    expect(classifyTool({ name: "move", description: "Moves a piece to another square." })).toBe("other");
    expect(classifyTool({ name: "inc", description: "Add one to the counter." })).toBe("other");
  });
});
