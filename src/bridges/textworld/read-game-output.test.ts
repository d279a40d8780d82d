import { describe, expect, it } from "vitest";
import { readGameOutput, tidyGameText } from "./read-game-output.js";

describe("readGameOutput", () => {
  it("reads TextWorld's win: banner, final score, final question", () => {
    const raw =
      "\nYou put the carrot on the stove.\n\nYour score has just gone up by one point.\n\n\n" +
      "                 *** The End ***\n\nYou scored 4 out of a possible 4, in 13 turn(s).\n\n\n" +
      "Would you like to RESTART, RESTORE a saved game, QUIT or UNDO the last command?\n> ";
    const reading = readGameOutput(raw);
    expect(reading).toMatchObject({
      won: true,
      lost: false,
      finalQuestion: true,
      reportedScore: { score: 4, maxScore: 4 },
    });
    expect(reading.text.startsWith("You put the carrot")).toBe(true);
    expect(reading.text).not.toMatch(/\n\n\n/);
  });

  it("reads a loss and Zork's score and final question", () => {
    expect(readGameOutput("\n*** You lost! ***\n")).toMatchObject({ won: false, lost: true });
    expect(readGameOutput("Your score is 45 (total of 350 points), in 17 moves.").reportedScore).toEqual({
      score: 45,
      maxScore: 350,
    });
    expect(readGameOutput("(Type RESTART, RESTORE, or QUIT):").finalQuestion).toBe(true);
  });

  it("needs the banners on lines of their own", () => {
    expect(readGameOutput("I heard *** The End *** somewhere.").won).toBe(false);
    expect(readGameOutput("Taken.\n\n>")).toEqual({
      text: "Taken.",
      won: false,
      lost: false,
      finalQuestion: false,
      reportedScore: null,
    });
  });

  it("tidies the prompt, trailing spaces and blank runs", () => {
    expect(tidyGameText("\n\nA   \n\n\n\nB\n\n>")).toBe("A\n\nB");
  });
});
