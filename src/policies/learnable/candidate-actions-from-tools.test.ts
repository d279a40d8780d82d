import { describe, expect, it } from "vitest";
import { bugFixTools } from "../../bridges/bugfix/index.js";
import { toy24Env, toy24Tools } from "../../bridges/toy24/index.js";
import { candidateActionsFromTools } from "./candidate-actions-from-tools.js";

describe("candidateActionsFromTools", () => {
  it("gives BugFix its nine well-formed calls", () => {
    const calls = candidateActionsFromTools(bugFixTools());
    expect(calls).toHaveLength(9);
    expect(calls.filter((call) => call.name === "edit").map((call) => call.args.op)).toContain("hardcode_tests");
  });

  it("leaves toy24's unbounded combine indices to the env's candidateActions", async () => {
    expect(
      candidateActionsFromTools(toy24Tools())
        .map((call) => call.name)
        .sort(),
    ).toEqual(["reset", "submit", "undo"]);
    const env = await toy24Env.create();
    const { observation } = await env.reset({ taskId: (await toy24Env.listTasks("heldout"))[0]!.id, seed: 1 });
    const candidates = (await env.candidateActions!(observation))!;
    expect(candidates.filter((call) => typeof call !== "string" && call.name === "combine")).toHaveLength(4 * 3 * 4);
    expect(await env.candidateActions!({ text: "nothing to see" })).toBeNull();
    await env.close();
  });

  it("skips tools with a required free-form argument and leaves optional ones out", () => {
    const calls = candidateActionsFromTools([
      {
        name: "Edit",
        description: "",
        inputSchema: { type: "object", properties: { file_path: { type: "string" } }, required: ["file_path"] },
      },
      {
        name: "Flag",
        description: "",
        inputSchema: {
          type: "object",
          properties: { on: { type: "boolean" }, note: { type: "string" } },
          required: ["on"],
        },
      },
      {
        name: "Big",
        description: "",
        inputSchema: {
          type: "object",
          properties: { n: { type: "integer", minimum: 0, maximum: 1000 } },
          required: ["n"],
        },
      },
    ]);
    expect(calls).toEqual([
      { name: "Flag", args: { on: false } },
      { name: "Flag", args: { on: true } },
    ]);
  });
});
