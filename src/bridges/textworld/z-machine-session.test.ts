import { beforeAll, describe, expect, it } from "vitest";
import { loadTextWorldLibrary, type TextWorldLibrary, ZORK1_STORY_FILE } from "./textworld-library.js";
import { ZMachineSession } from "./z-machine-session.js";

let story: Uint8Array;
let library: TextWorldLibrary;
beforeAll(async () => {
  library = await loadTextWorldLibrary();
  story = await library.story(ZORK1_STORY_FILE);
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

  it("rewinds a game in place to a resumed snapshot and plays on as a new session resuming it would", async () => {
    const games = [
      { story, commands: [...walk, "restart", "y", ...walk.slice(0, 3)] },
      // Two TextWorld games (a turn costs ~10 ms of CPU): one of the generated family, and the other kind.
      ...(await Promise.all(
        library.games
          .filter((game) => game.name === "tw-another_game" || game.name === "tw-rewardsDense_goalDetailed")
          .map(async (game) => ({
            story: await library.story(game.storyFile),
            // The walkthrough ends the game; its closing question is a line prompt too.
            commands: [...game.walkthrough, "undo", "look", "inventory"],
          })),
      )),
    ];
    for (const game of games) {
      const compiledRoutines = {};
      const snapshot = ZMachineSession.start({ story: game.story, seed: 1, compiledRoutines }).snapshot();
      const play = (session: ZMachineSession) =>
        game.commands.map((command) => (session.waiting ? session.send(command) : null));
      const session = ZMachineSession.start({ story: game.story, seed: 4, compiledRoutines, snapshot });
      play(session);
      // Another seed than the session started with: the rewound game takes it, for restarts too.
      expect(session.rewind(snapshot, 9)).toBe(true);
      session.reseed(9);
      const fresh = ZMachineSession.start({ story: game.story, seed: 9, compiledRoutines, snapshot });
      fresh.reseed(9);
      expect(play(session)).toEqual(play(fresh));
    }
  });

  it("rewinds only to a snapshot resumed before, in the same story, while the game waits for a line", async () => {
    const compiledRoutines = {};
    const opening = ZMachineSession.start({ story, seed: 1, compiledRoutines }).snapshot();
    const session = ZMachineSession.start({ story, seed: 1, compiledRoutines, snapshot: opening });
    session.send("open mailbox");
    // A snapshot no session resumed yet has no image to copy from: nothing changes.
    const later = session.snapshot();
    session.send("take leaflet");
    expect(session.rewind(later, 1)).toBe(false);
    expect(session.send("read leaflet").text).toContain("WELCOME TO ZORK!");
    // Another story's snapshot is refused.
    const tw = library.games[0]!;
    const twStory = await library.story(tw.storyFile);
    const twOpening = ZMachineSession.start({ story: twStory, seed: 1, compiledRoutines: {} }).snapshot();
    ZMachineSession.start({ story: twStory, seed: 1, compiledRoutines: {}, snapshot: twOpening });
    expect(session.rewind(twOpening, 1)).toBe(false);
    // A game that quit cannot be rewound.
    session.send("quit");
    session.send("y");
    expect(session.rewind(opening, 1)).toBe(false);
  });
});
