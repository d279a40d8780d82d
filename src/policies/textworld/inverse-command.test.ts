import { describe, expect, it } from "vitest";
import { inverseCommand } from "./inverse-command.js";
import { looksRefused } from "./looks-refused.js";

describe("inverseCommand", () => {
  it("undoes moves, opening, locking, dropping and putting", () => {
    expect(inverseCommand("go west")).toBe("go east");
    expect(inverseCommand("north")).toBe("go south");
    expect(inverseCommand("Open  Wooden Door")).toBe("close wooden door");
    expect(inverseCommand("close screen door")).toBe("open screen door");
    expect(inverseCommand("unlock wooden door with old key")).toBe("lock wooden door with old key");
    expect(inverseCommand("drop carrot")).toBe("take carrot");
    expect(inverseCommand("put carrot on stove")).toBe("take carrot from stove");
    expect(inverseCommand("insert apple into refrigerator")).toBe("take apple from refrigerator");
  });

  it("has nothing for harmless or irreversible commands", () => {
    for (const command of ["examine note", "take carrot", "look", "inventory", "eat carrot"]) expect(inverseCommand(command)).toBeNull();
  });
});

describe("looksRefused", () => {
  it("reads refusals and lets real changes through", () => {
    for (const answer of ["You can't see any such thing.", "That's already open.", "It seems to be locked.", "You can't go that way.", "That's not a verb I recognise."]) {
      expect(looksRefused(answer), answer).toBe(true);
    }
    for (const answer of ["You open the chest drawer, revealing an old key.", "You unlock wooden door.", "-= Kitchen =-\nYou arrive in a kitchen. You don't like doors? Why not try going south.", "Taken."]) {
      expect(looksRefused(answer), answer).toBe(false);
    }
  });
});
