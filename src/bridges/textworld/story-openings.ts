import { findStageObjects, type StageMove, type StageObjects } from "./stage-move.js";
import type { StageLayout } from "./stage-layout.js";
import type { TextWorldLibrary } from "./textworld-library.js";
import { type CompiledRoutines, compiledRoutineTable } from "./z-machine-libraries.js";
import { ZMachineSession, type ZMachineOutput } from "./z-machine-session.js";
import type { ZMachineSnapshot } from "./z-machine-snapshot.js";

/** Seed of the one run of a story's opening that every episode resumes. */
const OPENING_SEED = 1;

/** A story's opening: the game paused at its first prompt, and what it printed until then. */
export interface StoryOpening {
  snapshot: ZMachineSnapshot;
  output: ZMachineOutput;
}

/**
 * What every env of one definition may share per story, because none of it is game state:
 * the opening (run once, kept as an immutable snapshot and text) and ZVM's compiled
 * routines (`new Function` bodies made from the story's code, which take the machine as
 * their argument — ZVM itself keeps them across a game's restarts). Sharing them makes a
 * story's start-up cost (0.2–0.8 s of compiling) a once-per-process cost, not per env.
 */
export class StoryOpenings {
  private readonly openings = new Map<string, Promise<StoryOpening>>();
  private readonly routines = new Map<string, CompiledRoutines>();
  private readonly stageObjects = new Map<string, Promise<StageObjects | { error: string }>>();

  constructor(private readonly library: TextWorldLibrary) {}

  /** The story file's bytes (see {@link TextWorldLibrary.story}). */
  story(storyFile: string): Promise<Uint8Array> {
    return this.library.story(storyFile);
  }

  /** The compiled-routine cache of a story (`story`: its bytes, whose length sizes the table). */
  compiledRoutines(storyFile: string, story: Uint8Array): CompiledRoutines {
    let routines = this.routines.get(storyFile);
    if (!routines) {
      routines = compiledRoutineTable(story.length);
      this.routines.set(storyFile, routines);
    }
    return routines;
  }

  /** The story's opening, played on first request (a failure is retried next time). */
  opening(storyFile: string): Promise<StoryOpening> {
    let opening = this.openings.get(storyFile);
    if (!opening) {
      opening = this.library.story(storyFile).then((story) => {
        const session = ZMachineSession.start({
          story,
          seed: OPENING_SEED,
          compiledRoutines: this.compiledRoutines(storyFile, story),
        });
        return { snapshot: session.snapshot(), output: session.startOutput };
      });
      opening.catch(() => this.openings.delete(storyFile));
      this.openings.set(storyFile, opening);
    }
    return opening;
  }

  /**
   * The objects of a staged move in a story (found once, in a scratch game started from the
   * opening; see {@link findStageObjects}): the same in every session of the story.
   */
  stageMoveObjects(
    storyFile: string,
    layout: StageLayout,
    move: Pick<StageMove, "thing" | "to">,
  ): Promise<StageObjects | { error: string }> {
    const key = `${storyFile}\n${move.thing}\n${move.to}`;
    let found = this.stageObjects.get(key);
    if (!found) {
      found = Promise.all([this.opening(storyFile), this.story(storyFile)]).then(([opening, story]) => {
        const scratch = ZMachineSession.start({
          story,
          seed: OPENING_SEED,
          compiledRoutines: this.compiledRoutines(storyFile, story),
          snapshot: opening.snapshot,
        });
        return findStageObjects(scratch, layout, move);
      });
      found.catch(() => this.stageObjects.delete(key));
      this.stageObjects.set(key, found);
    }
    return found;
  }
}
