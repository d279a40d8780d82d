import { beforeAll, describe, expect, it } from "vitest";
import { loadTextWorldLibrary, ZORK1_STORY_FILE } from "./textworld-library.js";
import { ZMachineSession } from "./z-machine-session.js";

let story: Uint8Array;
beforeAll(async () => {
  story = await (await loadTextWorldLibrary()).story(ZORK1_STORY_FILE);
});

const walk = [
  "open mailbox",
  "take leaflet",
  "south",
  "east",
  "open window",
  "west",
  "take sack",
  "up",
  "down",
  "west",
];

describe("ZMachineSession", () => {
  it("plays a story to its prompts, with the status line and without the echo of commands", () => {
    const session = ZMachineSession.start({ story, seed: 3, compiledRoutines: {} });
    expect(session.startOutput.text).toContain("ZORK I: The Great Underground Empire");
    expect(session.startOutput.statusLine.trim()).toMatch(/^West of House\s+Score: 0\s+Turns: 0$/);
    const output = session.send("open mailbox");
    expect(output.text).toBe("\nOpening the small mailbox reveals a leaflet.\n\n>");
    expect(output.waiting).toBe(true);
  });

  it("answers the game's file prompts with no file, and stops waiting once the game quits", () => {
    const session = ZMachineSession.start({ story, seed: 3, compiledRoutines: {} });
    expect(session.send("save").text).toContain("Failed.");
    expect(session.send("restore").text).toContain("Failed.");
    expect(session.send("quit").text).toContain("Do you wish to leave the game?");
    expect(session.send("y").waiting).toBe(false);
    expect(session.waiting).toBe(false);
    expect(() => session.snapshot()).toThrow(expect.objectContaining({ code: "INTERNAL" }));
  });

  it("resumes a snapshot into an independent session that continues identically", () => {
    const compiledRoutines = {};
    const original = ZMachineSession.start({ story, seed: 8, compiledRoutines });
    for (const command of walk.slice(0, 5)) original.send(command);
    const snapshot = original.snapshot();
    const copy = ZMachineSession.start({ story, seed: 8, compiledRoutines, snapshot: structuredClone(snapshot) });
    for (const command of walk.slice(5)) expect(copy.send(command)).toEqual(original.send(command));
    // The snapshot is data: resuming it again starts from the same point.
    const again = ZMachineSession.start({ story, seed: 8, compiledRoutines, snapshot });
    expect(again.send("west").text).toBe(
      ZMachineSession.start({ story, seed: 8, compiledRoutines, snapshot }).send("west").text,
    );
  });

  it("keeps sessions apart: two games interleaved play as if alone", () => {
    const alone = (seed: number) => {
      const session = ZMachineSession.start({ story, seed, compiledRoutines: {} });
      return walk.map((command) => session.send(command));
    };
    const expected = alone(1);
    const sessions = [
      ZMachineSession.start({ story, seed: 1, compiledRoutines: {} }),
      ZMachineSession.start({ story, seed: 2, compiledRoutines: {} }),
    ];
    const played: Array<ReturnType<ZMachineSession["send"]>[]> = [[], []];
    for (const command of walk) {
      played[0]!.push(sessions[0]!.send(command));
      played[1]!.push(sessions[1]!.send(command === "take sack" ? "inventory" : command));
    }
    expect(played[0]).toEqual(expected);
    expect(played[1]![6]!.text).toContain("You are carrying");
  });
});
