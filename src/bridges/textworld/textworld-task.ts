import type { Split } from "../../core/task.js";
import type { GameVocabulary } from "./game-vocabulary.js";
import type { StageLayout } from "./stage-layout.js";

/** What counts as success: TextWorld's win (`*** The End ***`), or a score reached. */
export type TextWorldGoal = { kind: "win" } | { kind: "score"; atLeast: number };

/** The kinds of tasks, used as task groups. */
export type TextWorldTaskGroup = "textworld-game" | "textworld-quest" | "zork1-milestone";

/** One task of the `textworld` env. */
export interface TextWorldTask {
  id: string;
  split: Split;
  group: TextWorldTaskGroup;
  /** The game played: a TextWorld file stem or `zork1`. */
  game: string;
  /** The story file, relative to the data folder. */
  storyFile: string;
  goal: TextWorldGoal;
  /** The goal in a sentence, shown to the agent in every observation's data. */
  goalText: string;
  /** The game's maximum score. */
  maxScore: number;
  /** The turn budget. */
  maxTurns: number;
  /** A line for people (task lists, reports). */
  instruction: string;
  /** What a Setup's `stage_move` can move before the game starts (empty for Zork I). */
  stage: StageLayout;
  /** The game's command templates and named things (null for Zork I, which ships none). */
  vocabulary: GameVocabulary | null;
}
