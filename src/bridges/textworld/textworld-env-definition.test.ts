import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../core/json.js";
import { textworldEnv } from "./textworld-env-definition.js";

describe("textworldEnv", () => {
  it("lists the games, their quest sub-goals and Zork's milestones in both splits", async () => {
    expect(textworldEnv.id).toBe("textworld");
    const train = await textworldEnv.listTasks("train");
    const heldout = await textworldEnv.listTasks("heldout");
    const count = (tasks: typeof train, group: string) => tasks.filter((task) => task.group === group).length;
    expect([count(train, "textworld-game"), count(train, "textworld-quest"), count(train, "zork1-milestone")]).toEqual([
      5, 19, 3,
    ]);
    expect([
      count(heldout, "textworld-game"),
      count(heldout, "textworld-quest"),
      count(heldout, "zork1-milestone"),
    ]).toEqual([3, 12, 1]);
    expect(heldout.map((task) => task.id)).toContain("tw-rewardsSparse_goalNone");
    expect(train.find((task) => task.id === "zork1-score-10")).toMatchObject({
      split: "train",
      group: "zork1-milestone",
    });
  });

  it("validates its options: BAD_CONFIG for unknown keys and bad values", async () => {
    const env = await textworldEnv.create({ maxTurns: 5, observationBudget: 1000 });
    expect((await env.reset({ taskId: "zork1-score-10", seed: 0 })).info).toMatchObject({ maxTurns: 5, game: "zork1" });
    await env.close();
    const badOptions: JsonObject[] = [
      { maxTurns: 0 },
      { maxTurns: 2.5 },
      { maxTurns: "12" },
      { observationBudget: 10 },
      { turns: 12 },
    ];
    for (const options of badOptions)
      await expect(textworldEnv.create(options)).rejects.toMatchObject({ code: "BAD_CONFIG" });
  });
});
