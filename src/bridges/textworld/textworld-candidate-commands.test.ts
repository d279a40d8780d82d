import { describe, expect, it } from "vitest";
import { textworldCandidateCommands } from "./textworld-candidate-commands.js";

const vocabulary = {
  commandTemplates: ["take {o}", "put {o} on {s}", "open {c}", "go east"],
  entities: [
    { name: "apple", type: "f" },
    { name: "table", type: "s" },
    { name: "chest", type: "c" },
    { name: "lamp", type: "o" },
  ],
  typeParents: { f: "o", o: "t", s: "t", c: "t" },
};

describe("textworldCandidateCommands", () => {
  it("fills the game's templates with the things the observation names, plus moves, look and inventory", () => {
    const texts = textworldCandidateCommands(vocabulary, "You see an Apple on a table.").map(
      (action) => action.args.text,
    );
    expect(texts).toEqual([
      "look",
      "inventory",
      "go north",
      "go south",
      "go east",
      "go west",
      "take apple",
      "put apple on table",
    ]);
    expect(texts).not.toContain("open chest");
    expect(texts.some((text) => String(text).includes("lamp"))).toBe(false);
  });

  it("answers command(text) calls", () => {
    expect(textworldCandidateCommands(vocabulary, "a chest")).toContainEqual({
      name: "command",
      args: { text: "open chest" },
    });
  });
});
