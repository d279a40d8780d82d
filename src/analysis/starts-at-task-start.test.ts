import { describe, expect, it } from "vitest";
import { stackLayerNames, startsAtTaskStart } from "./starts-at-task-start.js";

describe("where an episode started", () => {
  it("reads the layers of a printed stack, outermost first", () => {
    expect(stackLayerNames("Rules<Setup<textworld>>")).toEqual(["Rules", "Setup"]);
    expect(stackLayerNames("Chain<Rules<toy24>, toy24>")).toEqual(["Chain", "Rules"]);
    expect(stackLayerNames("bugfix")).toEqual([]);
  });

  it("an episode under Rules layers only started at the task's start; a Setup or a Chain moved it", () => {
    expect(startsAtTaskStart({ stack: "textworld" })).toBe(true);
    expect(startsAtTaskStart({ stack: "Rules<Rules<textworld>>" })).toBe(true);
    expect(startsAtTaskStart({ stack: "Rules<Setup<textworld>>" })).toBe(false);
    expect(startsAtTaskStart({ stack: "Chain<bugfix, bugfix>" })).toBe(false);
  });
});
