import { describe, expect, it } from "vitest";
import { readRoomText } from "./read-room-text.js";

describe("readRoomText", () => {
  it("skims a TextWorld room: exits, things, closed things", () => {
    const reading = readRoomText(
      "-= Bedroom =-\nYou are in a bedroom. A standard kind of place.\n\nYou can make out a chest drawer. You see a closed antique trunk close by. " +
        "Look over there! a king-size bed. The king-size bed appears to be empty.\n\nThere is a closed wooden door leading east.",
    );
    expect(reading.exits).toEqual(["east"]);
    expect(reading.things).toEqual(
      expect.arrayContaining(["chest drawer", "antique trunk", "king-size bed", "wooden door"]),
    );
    expect(reading.closedThings.sort()).toEqual(["antique trunk", "wooden door"]);
  });

  it("skims lists and Zork's prose", () => {
    expect(
      readRoomText("There is a half of a bag of chips, a carrot, an apple and a shovel on the floor.").things,
    ).toEqual(expect.arrayContaining(["carrot", "apple", "shovel"]));
    const zork = readRoomText(
      "You are standing in an open field west of a white house, with a boarded front door.\nThere is a small mailbox here.",
    );
    expect(zork.exits).toEqual(["west"]);
    expect(zork.things).toEqual(expect.arrayContaining(["small mailbox", "boarded front door"]));
  });
});
