import { describe, expect, it } from "vitest";
import { replacePair } from "./replace-pair.js";

describe("replacePair", () => {
  it("puts the result at the lower index and removes the higher one", () => {
    expect(replacePair(["a", "b", "c", "d"], 3, 1, "r")).toEqual(["a", "r", "c"]);
    expect(replacePair(["a", "b", "c", "d"], 1, 3, "r")).toEqual(["a", "r", "c"]);
    expect(replacePair(["a", "b", "c", "d"], 0, 1, "r")).toEqual(["r", "c", "d"]);
    expect(replacePair(["a", "b"], 1, 0, "r")).toEqual(["r"]);
  });

  it("leaves its input alone", () => {
    const items = ["a", "b", "c"];
    replacePair(items, 0, 2, "r");
    expect(items).toEqual(["a", "b", "c"]);
  });
});
