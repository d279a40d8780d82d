import { beforeAll, describe, expect, it } from "vitest";
import { loadTextWorldLibrary, type TextWorldLibrary } from "./textworld-library.js";
import { TextWorldTaskCatalog, buildTextWorldTasks, textWorldTurnBudget } from "./textworld-task-catalog.js";

let library: TextWorldLibrary;
beforeAll(async () => {
  library = await loadTextWorldLibrary();
});

describe("TextWorld task catalogue", () => {
  it("reads the games' metadata: walkthrough, scoring quests, objective, start room, vocabulary", () => {
    const dense = library.games.find((game) => game.name === "tw-rewardsDense_goalDetailed")!;
    expect(dense.walkthrough).toHaveLength(12);
    expect(dense.quests.map((quest) => quest.commands.length)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 12]);
    expect(dense.maxScore).toBe(10);
    expect(dense.objective.startsWith("Welcome to TextWorld!")).toBe(true);
    expect(dense.startRoom).toBe("bedroom");
    expect(dense.vocabulary.commandTemplates).toContain("take {o} from {c}");
    expect(dense.vocabulary.typeParents).toMatchObject({ f: "o", o: "t", k: "o" });
    expect(dense.vocabulary.entities).toContainEqual({ name: "carrot", type: "f" });
    expect(library.games.find((game) => game.name === "tw-rewardsSparse_goalNone")!.objective).toBe("");
  });

  it("makes a task per game, per quest before the last, and per Zork milestone, with budgets", () => {
    const catalog = new TextWorldTaskCatalog(buildTextWorldTasks(library));
    expect(catalog.tasks).toHaveLength(43);
    expect(catalog.task("tw-rewardsDense_goalDetailed")).toMatchObject({
      goal: { kind: "win" },
      maxTurns: 34,
      maxScore: 10,
      split: "train",
    });
    expect(catalog.task("tw-rewardsDense_goalBrief-quest-4")).toMatchObject({
      goal: { kind: "score", atLeast: 4 },
      maxTurns: 18,
      split: "heldout",
    });
    expect(catalog.task("tw-rewardsBalanced_goalDetailed-quest-2")).toMatchObject({
      goal: { kind: "score", atLeast: 2 },
      maxTurns: textWorldTurnBudget(6),
    });
    expect(catalog.task("zork1-score-45")).toMatchObject({
      goal: { kind: "score", atLeast: 45 },
      maxTurns: 44,
      maxScore: 350,
      split: "train",
    });
    expect(catalog.task("zork1-score-55").split).toBe("heldout");
    expect(() => catalog.task("tw-rewardsSparse_goalNone-quest-1")).toThrow(
      expect.objectContaining({ code: "UNKNOWN_TASK" }),
    );
    expect(catalog.listTasks("heldout")[0]).toEqual({
      id: "tw-rewardsDense_goalBrief",
      split: "heldout",
      group: "textworld-game",
      instruction: "tw-rewardsDense_goalBrief: win the game (10 points; walkthrough 12 commands).",
    });
  });
});
