import { describe, expect, it } from "vitest";
import { formatFraction } from "../../bridges/toy24/index.js";
import { readToy24Board } from "./read-toy24-board.js";

const labels = (observation: Parameters<typeof readToy24Board>[0]) =>
  readToy24Board(observation)?.map(formatFraction) ?? null;
const text = "Game of 24: …\nNumbers: [0] 3  [1] -8/3  [2] 8\nHistory: none\nTurn 1 of 12.";

describe("readToy24Board", () => {
  it("reads data.numbers first", () => {
    expect(labels({ text: "whatever", data: { numbers: ["1/3", "8"] } })).toEqual(["1/3", "8"]);
  });

  it("falls back to the Numbers line when data is missing or unreadable", () => {
    expect(labels({ text })).toEqual(["3", "-8/3", "8"]);
    expect(labels({ text, data: { numbers: [3, 8] } })).toEqual(["3", "-8/3", "8"]);
    expect(labels({ text, data: { numbers: ["three"] } })).toEqual(["3", "-8/3", "8"]);
    expect(labels({ text: `Error: cannot divide by zero: 4 / 0\n${text}` })).toEqual(["3", "-8/3", "8"]);
  });

  it("returns null when the board cannot be read", () => {
    expect(labels({ text: "Numbers hidden" })).toBeNull();
    expect(labels({ text: "Numbers: none" })).toBeNull();
    expect(labels({ text: "Numbers: [1] 3  [0] 8" })).toBeNull();
    expect(labels({ text: "Numbers: [0] 3  [1] 8/0" })).toBeNull();
    expect(labels({ text: "Numbers: [0] 1  [1] 2  [2] 3  [3] 4  [4] 5" })).toBeNull();
  });
});
