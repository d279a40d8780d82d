import { beforeAll, describe, expect, it } from "vitest";
import { loadTextWorldLibrary } from "../../bridges/textworld/index.js";
import { identifyGame } from "./identify-game.js";
import { walkthroughBook, type WalkthroughBookEntry } from "./walkthrough-book.js";

let book: WalkthroughBookEntry[];
beforeAll(async () => {
  book = walkthroughBook(await loadTextWorldLibrary());
});

const entry = (game: string) => book.find((candidate) => candidate.game === game)!;
const bedroom = "-= Bedroom =-\nYou are in a bedroom. A standard kind of place.";

describe("identifyGame", () => {
  it("carries every bundled game: markers from its opening, its walkthrough and vocabulary", () => {
    expect(book.map((candidate) => candidate.game)).toHaveLength(9);
    expect(entry("tw-rewardsDense_goalDetailed").markers).toEqual([
      expect.stringMatching(/^Welcome to TextWorld!/),
      "-= bedroom =-",
    ]);
    expect(entry("tw-rewardsSparse_goalNone").markers).toEqual(["-= bedroom =-"]);
    expect(entry("zork1")).toMatchObject({
      markers: ["ZORK I: The Great Underground Empire", "West of House"],
      commands: expect.arrayContaining(["climb tree"]),
    });
  });

  it("picks the entry whose markers all appear, preferring the most specific", () => {
    const detailed = entry("tw-rewardsDense_goalDetailed");
    expect(identifyGame(book, `banner\n\n${detailed.markers[0]}\n\n${bedroom}`)?.markers).toEqual(detailed.markers);
    const brief = identifyGame(book, `The dinner is almost ready! It's only   missing a grilled carrot.\n\n${bedroom}`);
    expect(brief?.markers[0]).toBe("The dinner is almost ready! It's only missing a grilled carrot.");
    expect(identifyGame(book, bedroom)?.commands).toEqual(detailed.commands);
    expect(
      identifyGame(book, "ZORK I: The Great Underground Empire\n…\nWest of House\nThere is a small mailbox here.")
        ?.game,
    ).toBe("zork1");
  });

  it("gives null when nothing matches", () => {
    expect(identifyGame(book, "You are in a maze of twisty little passages, all alike.")).toBeNull();
    expect(identifyGame(book, "")).toBeNull();
  });
});
