import { beforeAll, describe, expect, it } from "vitest";
import {
  loadTextWorldLibrary,
  TEXTWORLD_GAME_NAMES,
  type TextWorldLibrary,
  ZORK1_STORY_FILE,
} from "./textworld-library.js";
import { type CompiledRoutines, compiledRoutineTable } from "./z-machine-libraries.js";
import { type ZMachineInterpreter, type ZMachineOutput, ZMachineSession } from "./z-machine-session.js";

let library: TextWorldLibrary;
beforeAll(async () => {
  library = await loadTextWorldLibrary();
});

/** Everything an interpreter shows while playing `commands`: the opening, every answer, a resumed copy's answers. */
function transcript(
  story: Uint8Array,
  commands: readonly string[],
  interpreter: ZMachineInterpreter,
  compiledRoutines: CompiledRoutines = interpreter === "ifvms" ? {} : compiledRoutineTable(story.length),
) {
  const session = ZMachineSession.start({ story, seed: 7, compiledRoutines, interpreter });
  const answers: ZMachineOutput[] = [session.startOutput];
  const half = Math.floor(commands.length / 2);
  for (const command of commands.slice(0, half)) answers.push(session.send(command));
  const snapshot = session.snapshot();
  for (const command of commands.slice(half)) if (session.waiting) answers.push(session.send(command));
  // The snapshot taken halfway resumes and plays the rest the same way.
  const resumed = ZMachineSession.start({ story, seed: 7, compiledRoutines, interpreter, snapshot });
  for (const command of commands.slice(half)) if (resumed.waiting) answers.push(resumed.send(command));
  return { answers, snapshot, parents: resumed.waiting ? resumed.objectParents() : null };
}

describe("the tuned interpreter", () => {
  it.each(TEXTWORLD_GAME_NAMES)(
    "plays the walkthrough of %s exactly as ifvms does: text, status lines, snapshots",
    async (name) => {
      const game = library.games.find((candidate) => candidate.name === name)!;
      const story = await library.story(game.storyFile);
      const tuned = transcript(story, game.walkthrough, "ifvms-tuned");
      expect(tuned).toEqual(transcript(story, game.walkthrough, "ifvms"));
      expect(tuned.answers.at(-1)!.text).toContain("*** The End ***");
    },
  );

  it("plays the same with compiled routines other sessions left, whatever fragment each joined routine was entered at", async () => {
    const game = library.games.find((candidate) => candidate.name === "tw-rewardsSparse_goalBrief")!;
    const story = await library.story(game.storyFile);
    const shared = compiledRoutineTable(story.length);
    // A session playing from the middle of the walkthrough compiles first: routines are entered where that game goes.
    const half = Math.floor(game.walkthrough.length / 2);
    const first = transcript(story, game.walkthrough.slice(0, half), "ifvms-tuned", shared);
    const resumed = ZMachineSession.start({ story, seed: 7, compiledRoutines: shared, snapshot: first.snapshot });
    for (const command of game.walkthrough.slice(half)) if (resumed.waiting) resumed.send(command);
    const joined = new Set(Object.values(shared).filter((routine) => routine !== undefined));
    expect(joined.size).toBeLessThan(Object.keys(shared).length);
    const again = transcript(story, game.walkthrough, "ifvms-tuned", shared);
    expect(again).toEqual(transcript(story, game.walkthrough, "ifvms-tuned"));
    expect(again).toEqual(transcript(story, game.walkthrough, "ifvms"));
  });

  it("plays Zork I's route exactly as ifvms does", async () => {
    const story = await library.story(ZORK1_STORY_FILE);
    const commands = library.zorkRoute.commands;
    const tuned = transcript(story, commands, "ifvms-tuned");
    expect(tuned).toEqual(transcript(story, commands, "ifvms"));
    expect(tuned.answers.length).toBe(
      1 + 2 * (commands.length - Math.floor(commands.length / 2)) + Math.floor(commands.length / 2),
    );
  });

  it("writes an instruction two fragments of a joined routine share once in its function", async () => {
    const game = library.games.find((candidate) => candidate.name === "tw-rewardsDense_goalDetailed")!;
    const story = await library.story(game.storyFile);
    const compiled = compiledRoutineTable(story.length);
    transcript(story, game.walkthrough, "ifvms-tuned", compiled);
    let written = 0;
    let repeated = 0;
    for (const routine of new Set(Object.values(compiled))) {
      if (typeof routine !== "function") continue;
      // ZVM labels each instruction's code with its address and opcode.
      const labels = String(routine).match(/\/\* \d+\/\d+ \*\//g) ?? [];
      written += labels.length;
      repeated += labels.length - new Set(labels).size;
    }
    expect(written).toBeGreaterThan(10_000);
    // Written whole, the fragments repeat about a fifth of these instructions; the few left are where ZVM wrote the
    // shared instructions differently (branches to one place merged from a different first instruction).
    expect(repeated / written).toBeLessThan(0.02);
  });
});
