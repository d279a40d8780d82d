import { isAbsolute } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultToy24CsvPath, loadToy24Puzzles } from "./load-toy24-puzzles.js";

describe("loadToy24Puzzles", () => {
  it("reads the bundled Tree-of-Thoughts set: 1,362 ranked puzzles", async () => {
    expect(isAbsolute(defaultToy24CsvPath())).toBe(true);
    const puzzles = await loadToy24Puzzles();
    expect(puzzles).toHaveLength(1362);
    expect(puzzles[0]).toMatchObject({ rank: 1, numbers: [1, 1, 4, 6] });
    expect(puzzles[1349]).toMatchObject({ rank: 1350, numbers: [3, 3, 8, 8] });
    expect(puzzles.at(-1)).toMatchObject({ rank: 1362, numbers: [2, 3, 5, 12] });
    expect(new Set(puzzles.map((puzzle) => puzzle.numbers.join(" "))).size).toBe(1362);
  });

  it("says FILE_NOT_FOUND for a missing file", async () => {
    await expect(loadToy24Puzzles("/nonexistent/24.csv")).rejects.toMatchObject({ code: "FILE_NOT_FOUND" });
  });
});
