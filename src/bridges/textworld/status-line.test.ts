import { describe, expect, it } from "vitest";
import { parseStatusLine } from "./status-line.js";

describe("parseStatusLine", () => {
  it("reads TextWorld's and Zork's status lines", () => {
    expect(parseStatusLine(" -= Bedroom =-                                     2/3            ")).toEqual({
      room: "Bedroom",
      score: 2,
      moves: 3,
    });
    expect(parseStatusLine(" -= Living Room =-   10/12")).toEqual({ room: "Living Room", score: 10, moves: 12 });
    expect(parseStatusLine(" West of House                       Score: 0  Turns: 2 ")).toEqual({
      room: "West of House",
      score: 0,
      moves: 2,
    });
    expect(parseStatusLine("Cellar  Score: -10  Moves: 40")).toEqual({ room: "Cellar", score: -10, moves: 40 });
  });

  it("gives nulls for what the line does not show", () => {
    expect(parseStatusLine("")).toEqual({ room: null, score: null, moves: null });
    expect(parseStatusLine("  Darkness  ")).toEqual({ room: "Darkness", score: null, moves: null });
  });
});
