import { afterAll, describe, expect, it } from "vitest";
import type { ActionInput } from "../../core/action.js";
import { checkEnv } from "../../core/check-env.js";
import type { JsonObject } from "../../core/json.js";
import { bugfixToolsEnv, createBugFixToolsEnvDefinition } from "./bugfix-tools-env-definition.js";

const definition = createBugFixToolsEnvDefinition();
afterAll(() => definition.dispose());

describe("bugfix-tools env definition", () => {
  it("lists the BugFix tasks: 20 train and 10 held out", async () => {
    expect(bugfixToolsEnv.id).toBe("bugfix-tools");
    const train = await definition.listTasks("train");
    expect(train).toHaveLength(20);
    expect(train[0]).toEqual({
      id: "clamp-0",
      split: "train",
      group: "clamp",
      instruction: "`clamp` returns wrong results",
    });
    expect(await definition.listTasks("heldout")).toHaveLength(10);
  });

  const badOptions: JsonObject[] = [
    { maxTurns: 0 },
    { reward: "bogus" },
    { flakeRate: 2 },
    { taskSeed: -1 },
    { maxturns: 5 },
    { observationBudget: 10 },
  ];
  it.each(badOptions)("rejects bad options %j with BAD_CONFIG", async (options) => {
    await expect(definition.create(options)).rejects.toMatchObject({ code: "BAD_CONFIG" });
  });

  it("passes checkEnv on seeded random walks over the tools and on a scripted fix", async () => {
    for (const [taskId, seed] of [
      ["clamp-0", 0],
      ["range-3", 4],
      ["init-5", 2],
    ] as const) {
      const report = await checkEnv(() => definition.create(), { taskId, seed, maxSteps: 10 });
      expect(report.issues, taskId).toEqual([]);
      expect(report.steps, taskId).toBeGreaterThanOrEqual(2);
    }
    const actions: ActionInput[] = [
      { name: "Read", args: { file_path: "src/isAtLeast.js" } },
      '{"name": "Edit", "arguments": {"file_path": "src/isAtLeast.js", "old_string": "value > limit", "new_string": "value >= limit"}}',
      "not a call",
      { name: "Bash", args: { command: "npm test" } },
      { name: "Submit", args: {} },
    ];
    const report = await checkEnv(() => definition.create(), { taskId: "compare-0", actions });
    expect(report).toEqual({ ok: true, issues: [], steps: 5, ignoredKeys: ["episode_id"] });
  });
});
