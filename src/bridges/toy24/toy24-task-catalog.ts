import { EnvriggerError } from "../../core/errors.js";
import type { Split, TaskInfo } from "../../core/task.js";
import type { Toy24Puzzle } from "./toy24-puzzle-csv.js";

/** Every `TOY24_HELD_OUT_STRIDE`-th rank is held out. */
export const TOY24_HELD_OUT_STRIDE = 5;

/** Difficulty bands, by rank tercile of the human-ranked file. */
export type Toy24DifficultyBand = "easy" | "medium" | "hard";

/** The task id of the puzzle with this rank: `24-<rank>` (e.g. `24-1`, `24-1362`). */
export function toy24TaskId(rank: number): string {
  return `24-${rank}`;
}

/**
 * The split of a rank. Held-out = ranks divisible by 5 (272 of the 1,362 puzzles), train =
 * the other 1,090. A stride rather than a cut keeps the difficulty mix of both splits the
 * same (the file is sorted by human difficulty), so held-out scores compare with train ones.
 */
export function toy24Split(rank: number): Split {
  return rank % TOY24_HELD_OUT_STRIDE === 0 ? "heldout" : "train";
}

/**
 * The difficulty band of a rank among `total` puzzles: first third `easy`, second `medium`,
 * last `hard` (for the 1,362 puzzles: ranks 1–454, 455–908, 909–1362).
 */
export function toy24DifficultyBand(rank: number, total: number): Toy24DifficultyBand {
  const tercile = Math.floor(((rank - 1) * 3) / total);
  return tercile <= 0 ? "easy" : tercile === 1 ? "medium" : "hard";
}

/** The puzzles of a Game-of-24 file as tasks: ids, splits, groups, and lookup by id. */
export class Toy24TaskCatalog {
  private readonly byTaskId = new Map<string, Toy24Puzzle>();

  constructor(private readonly puzzles: readonly Toy24Puzzle[]) {
    for (const puzzle of puzzles) this.byTaskId.set(toy24TaskId(puzzle.rank), puzzle);
  }

  /** The number of puzzles. */
  get size(): number {
    return this.puzzles.length;
  }

  /** The puzzle of a task id; throws `UNKNOWN_TASK` for ids not in the file. */
  puzzle(taskId: string): Toy24Puzzle {
    const puzzle = this.byTaskId.get(taskId);
    if (!puzzle) {
      throw new EnvriggerError("UNKNOWN_TASK", `no Game-of-24 task "${taskId}"`, {
        hint: `task ids are 24-1 … 24-${this.puzzles.length} (by rank)`,
      });
    }
    return puzzle;
  }

  /** The tasks of a split, by rank; group = difficulty band. */
  listTasks(split: Split): TaskInfo[] {
    const total = this.puzzles.length;
    return this.puzzles
      .filter((puzzle) => toy24Split(puzzle.rank) === split)
      .map((puzzle) => ({
        id: toy24TaskId(puzzle.rank),
        split,
        group: toy24DifficultyBand(puzzle.rank, total),
        instruction: `Make 24 from ${puzzle.numbers.join(" ")}.`,
      }));
  }
}
