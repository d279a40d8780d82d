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

  it("adds the portable things a command of the episode named (they may be carried, out of view), not the fixed ones", () => {
    const texts = textworldCandidateCommands(vocabulary, "You see a table.", ["take lamp", "open chest"]).map(
      (action) => action.args.text,
    );
    expect(texts).toContain("put lamp on table");
    expect(texts).toContain("take lamp");
    expect(texts).not.toContain("open chest");
    // A word inside another word is no mention.
    expect(textworldCandidateCommands(vocabulary, "a table", ["take lampshade"]).map((a) => a.args.text)).not.toContain(
      "take lamp",
    );
  });
});
