import { describe, expect, it } from "vitest";
import { looksRefused } from "./looks-refused.js";

describe("looksRefused", () => {
  it("reads refusals and lets real changes through", () => {
    for (const answer of [
      "You can't see any such thing.",
      "That's already open.",
      "It seems to be locked.",
      "You can't go that way.",
      "That's not a verb I recognise.",
    ]) {
      expect(looksRefused(answer), answer).toBe(true);
    }
    for (const answer of [
      "You open the chest drawer, revealing an old key.",
      "You unlock wooden door.",
      "-= Kitchen =-\nYou arrive in a kitchen. You don't like doors? Why not try going south.",
      "Taken.",
    ]) {
      expect(looksRefused(answer), answer).toBe(false);
    }
  });
});
