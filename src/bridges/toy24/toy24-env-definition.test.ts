import { describe, expect, it } from "vitest";
import { checkEnv } from "../../core/check-env.js";
import type { JsonObject } from "../../core/json.js";
import { toy24Env } from "./toy24-env-definition.js";

describe("toy24Env", () => {
  it("lists the puzzles as tasks of both splits", async () => {
    expect(toy24Env.id).toBe("toy24");
    expect(await toy24Env.listTasks("train")).toHaveLength(1090);
    expect((await toy24Env.listTasks("heldout"))[0]).toMatchObject({ id: "24-5", split: "heldout", group: "easy" });
  });

  it("validates its options: BAD_CONFIG for unknown keys and bad budgets", async () => {
    expect((await (await toy24Env.create({ maxTurns: 5 })).reset({ taskId: "24-1", seed: 0 })).info.maxTurns).toBe(5);
    const badOptions: JsonObject[] = [{ maxTurns: 0 }, { maxTurns: 2.5 }, { maxTurns: "12" }, { turns: 12 }];
    for (const options of badOptions) {
      await expect(toy24Env.create(options)).rejects.toMatchObject({ code: "BAD_CONFIG" });
    }
  });

  it("passes checkEnv on tasks across the ranks, on random walks and on a solution", async () => {
    // Seeds whose random walks run several steps before a submit, so save/restore is checked too.
    for (const [taskId, seed] of [
      ["24-1", 0],
      ["24-455", 1],
      ["24-1350", 3],
      ["24-1362", 9],
    ] as const) {
      const report = await checkEnv(() => toy24Env.create(), { taskId, seed, maxSteps: 14 });
      expect(report.issues, taskId).toEqual([]);
      expect(report.steps, taskId).toBeGreaterThanOrEqual(4);
    }
    const solution = [
      { name: "combine", args: { i: 2, j: 1, op: "div" } },
      "combine 0 1 sub",
      { name: "combine", args: { i: 1, j: 0, op: "div" } },
      "submit",
    ];
    const report = await checkEnv(() => toy24Env.create(), { taskId: "24-1350", actions: solution });
    expect(report).toEqual({ ok: true, issues: [], steps: 4, ignoredKeys: ["episode_id"] });
  });
});
