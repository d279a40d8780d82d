import { EnvriggerError } from "../../core/errors.js";
import { readGameOutput } from "./read-game-output.js";
import { parseStatusLine } from "./status-line.js";
import type { TextWorldTask } from "./textworld-task.js";
import type { ZMachineOutput, ZMachineSession } from "./z-machine-session.js";

/** Why an episode ended: its goal reached, the game over without it, or out of turns. */
export type TextWorldStop = "goal" | "game-over" | "budget";

/** Commands whose answer is the inventory (kept as the last known inventory). */
const inventoryCommands = new Set(["inventory", "inv", "i", "take inventory"]);

/** A staged move: the objects in the game's object tree, and the fraction of episodes it is made in. */
export interface StagedMove {
  object: number;
  destination: number;
  probability: number;
}

/** The counters of an episode that `saveState` keeps beside the game snapshot. */
export interface TextWorldEpisodeCounters {
  turns: number;
  commands: string[];
  score: number | null;
  moves: number | null;
  room: string | null;
  inventory: string | null;
  won: boolean;
  lost: boolean;
  gameOver: boolean;
  goalReached: boolean;
  stop: TextWorldStop | null;
  text: string;
}

/**
 * One episode: the running game and what the env knows of it, all read from the game's own
 * output (status line, banners, printed score) inside the bridge. `goalReached` latches: a
 * `score` goal is met on the first turn the score reaches it, a `win` goal on TextWorld's
 * `*** The End ***`.
 */
export class TextWorldEpisode implements TextWorldEpisodeCounters {
  turns = 0;
  commands: string[] = [];
  score: number | null = null;
  moves: number | null = null;
  room: string | null = null;
  inventory: string | null = null;
  won = false;
  lost = false;
  gameOver = false;
  goalReached = false;
  stop: TextWorldStop | null = null;
  /** The text last shown to the agent (the game's answer, or an action error), uncut. */
  text = "";
  /** Moves a Setup staged (`stage_move`), made when its replay completes. */
  staged: StagedMove[] = [];

  constructor(
    readonly task: TextWorldTask,
    readonly seed: number,
    readonly maxTurns: number,
    /** The game, while the episode runs; dropped when it ends. */
    public session: ZMachineSession | null,
  ) {}

  /** Take in what the game printed (at the start, or after a command); returns the score change. */
  absorb(output: ZMachineOutput, command: string | null): number {
    const reading = readGameOutput(output.text);
    const status = parseStatusLine(output.statusLine);
    const before = this.score;
    this.room = status.room ?? this.room;
    this.moves = status.moves ?? this.moves;
    // A printed score wins over the status line, which the game does not redraw after its last turn.
    this.score = reading.reportedScore?.score ?? status.score ?? this.score;
    this.won ||= reading.won;
    this.lost ||= reading.lost;
    this.gameOver ||= reading.won || reading.lost || reading.finalQuestion || !output.waiting;
    if (command !== null && inventoryCommands.has(command.toLowerCase())) this.inventory = reading.text;
    this.text = reading.text;
    const goal = this.task.goal;
    this.goalReached ||= goal.kind === "win" ? this.won : this.score !== null && this.score >= goal.atLeast;
    return before !== null && this.score !== null ? this.score - before : 0;
  }

  /** Type a command into the game; returns the score change. */
  play(command: string): number {
    if (this.session === null) throw new EnvriggerError("INTERNAL", "play() on an episode without a running game");
    this.commands.push(command);
    return this.absorb(this.session.send(command), command);
  }

  /** End the episode (the game is dropped). */
  finish(stop: TextWorldStop): void {
    this.stop = stop;
    this.session = null;
  }

  /** The counters as plain JSON. */
  counters(): TextWorldEpisodeCounters {
    const { turns, score, moves, room, inventory, won, lost, gameOver, goalReached, stop, text } = this;
    return {
      turns,
      commands: [...this.commands],
      score,
      moves,
      room,
      inventory,
      won,
      lost,
      gameOver,
      goalReached,
      stop,
      text,
    };
  }

  /** Set the counters (when resuming a saved episode). */
  setCounters(counters: TextWorldEpisodeCounters): void {
    Object.assign(this, { ...counters, commands: [...counters.commands] });
  }
}
