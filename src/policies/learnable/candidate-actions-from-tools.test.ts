import { describe, expect, it } from "vitest";
import { bugFixTools } from "../../bridges/bugfix/bugfix-tools.js";
import { toy24Tools } from "../../bridges/toy24/toy24-tools.js";
import { candidateActionsFromTools } from "./candidate-actions-from-tools.js";

describe("candidateActionsFromTools", () => {
  it("gives BugFix its nine well-formed calls", () => {
    const calls = candidateActionsFromTools(bugFixTools());
    expect(calls).toHaveLength(9);
    expect(calls.filter((call) => call.name === "edit").map((call) => call.args.op)).toContain("hardcode_tests");
  });

  it("enumerates toy24's bounded indices and enum ops", () => {
    const calls = candidateActionsFromTools(toy24Tools());
    expect(calls.filter((call) => call.name === "combine")).toHaveLength(4 * 4 * 4);
    expect(calls.map((call) => call.name).filter((name) => name !== "combine").sort()).toEqual(["reset", "submit", "undo"]);
  });

  it("skips tools with a required free-form argument and leaves optional ones out", () => {
    const calls = candidateActionsFromTools([
      { name: "Edit", description: "", inputSchema: { type: "object", properties: { file_path: { type: "string" } }, required: ["file_path"] } },
      { name: "Flag", description: "", inputSchema: { type: "object", properties: { on: { type: "boolean" }, note: { type: "string" } }, required: ["on"] } },
      { name: "Big", description: "", inputSchema: { type: "object", properties: { n: { type: "integer", minimum: 0, maximum: 1000 } }, required: ["n"] } },
    ]);
    expect(calls).toEqual([
      { name: "Flag", args: { on: false } },
      { name: "Flag", args: { on: true } },
    ]);
  });
});
