import { describe, expect, it } from "vitest";
import type { ActionInput } from "../core/action.js";
import type { ToolSpec } from "../core/tool-spec.js";
import { TestEnv } from "../testing/test-env.js";
import { SetupToolCheck } from "./setup-tool-check.js";

const none = { type: "object", properties: {}, additionalProperties: false };
const toolsNamed = (...names: string[]): ToolSpec[] =>
  names.map((name) => ({ name, description: name, inputSchema: none }));

/** What a fresh check (nothing kept) finds: the reference every kept answer must equal. */
const fresh = (actions: ActionInput[], env: TestEnv, tools: ToolSpec[]) =>
  new SetupToolCheck(actions).issues(env, tools);

describe("SetupToolCheck", () => {
  it("gives the same issues as a fresh check at every reset, and checks again when the tool names change", async () => {
    const env = new TestEnv();
    const actions: ActionInput[] = [
      { name: "inc", args: {} },
      { name: "teleport", args: { to: 3 } },
      { name: "peek", args: {} },
    ];
    const check = new SetupToolCheck(actions);
    const tools = await env.tools();
    const first = check.issues(env, tools);
    expect(first.map((issue) => issue.code)).toEqual(["unknown-tool"]);
    expect(first[0]?.message).toContain('tool "teleport" is not one of the env\'s tools (inc, dec, peek, submit)');
    for (let reset = 0; reset < 3; reset++) expect(check.issues(env, await env.tools())).toEqual(first);
    // A kept answer is a copy: changing it changes nothing kept.
    check.issues(env, tools)[0]!.message = "changed";
    expect(check.issues(env, tools)).toEqual(first);
    // Other names (more, fewer, another order) are checked again.
    for (const other of [
      toolsNamed("inc", "teleport", "peek"),
      toolsNamed("inc"),
      toolsNamed("peek", "teleport", "inc", "dec"),
    ]) {
      expect(check.issues(env, other)).toEqual(fresh(actions, env, other));
    }
    expect(check.issues(env, toolsNamed("inc", "teleport", "peek"))).toEqual([]);
    expect(check.issues(env, tools)).toEqual(first);
  });

  it("parses text actions with the env's grammar at every check", async () => {
    const env = new TestEnv();
    const actions: ActionInput[] = ["inc", "two words", { name: "jump", args: {} }];
    const check = new SetupToolCheck(actions);
    const tools = await env.tools();
    expect(check.issues(env, tools).map((issue) => [issue.code, issue.line])).toEqual([
      ["malformed", 2],
      ["unknown-tool", 3],
    ]);
    // A grammar that now refuses every text: the check follows it.
    env.parseText = () => null;
    expect(check.issues(env, tools).map((issue) => [issue.code, issue.line])).toEqual([
      ["malformed", 1],
      ["malformed", 2],
      ["unknown-tool", 3],
    ]);
  });
});
