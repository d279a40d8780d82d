import { beforeAll, describe, expect, it } from "vitest";
import { loadToy24Puzzles } from "./load-toy24-puzzles.js";
import { Toy24TaskCatalog, toy24DifficultyBand, toy24Split, toy24TaskId } from "./toy24-task-catalog.js";

let catalog: Toy24TaskCatalog;
beforeAll(async () => {
  catalog = new Toy24TaskCatalog(await loadToy24Puzzles());
});

describe("Toy24TaskCatalog", () => {
  it("splits by a stride of five ranks: 1,090 train, 272 held-out, disjoint", () => {
    const train = catalog.listTasks("train");
    const heldout = catalog.listTasks("heldout");
    expect(train).toHaveLength(1090);
    expect(heldout).toHaveLength(272);
    const trainIds = new Set(train.map((task) => task.id));
    expect(heldout.some((task) => trainIds.has(task.id))).toBe(false);
    expect(heldout.slice(0, 2).map((task) => task.id)).toEqual(["24-5", "24-10"]);
    expect(toy24Split(1350)).toBe("heldout");
    expect(toy24Split(1351)).toBe("train");
  });

  it("groups by rank tercile, the same mix in both splits", () => {
    expect(toy24DifficultyBand(1, 1362)).toBe("easy");
    expect(toy24DifficultyBand(454, 1362)).toBe("easy");
    expect(toy24DifficultyBand(455, 1362)).toBe("medium");
    expect(toy24DifficultyBand(909, 1362)).toBe("hard");
    expect(toy24DifficultyBand(1362, 1362)).toBe("hard");
    for (const split of ["train", "heldout"] as const) {
      const counts = new Map<string, number>();
      for (const task of catalog.listTasks(split))
        counts.set(task.group ?? "", (counts.get(task.group ?? "") ?? 0) + 1);
      const sizes = [...counts.values()];
      expect([...counts.keys()].sort()).toEqual(["easy", "hard", "medium"]);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(2);
    }
  });

  it("describes and finds tasks by id", () => {
    expect(catalog.listTasks("train")[0]).toEqual({
      id: "24-1",
      split: "train",
      group: "easy",
      instruction: "Make 24 from 1 1 4 6.",
    });
    expect(catalog.puzzle(toy24TaskId(1350)).numbers).toEqual([3, 3, 8, 8]);
    expect(catalog.size).toBe(1362);
    expect(() => catalog.puzzle("24-0")).toThrow(expect.objectContaining({ code: "UNKNOWN_TASK" }));
    expect(() => catalog.puzzle("1350")).toThrow(expect.objectContaining({ code: "UNKNOWN_TASK" }));
  });
});
