import { EnvriggerError } from "../../core/errors.js";
import type { Split, TaskInfo } from "../../core/task.js";
import type { TextWorldGame } from "./textworld-game.js";
import { ZORK1_STORY_FILE, type TextWorldLibrary } from "./textworld-library.js";
import type { TextWorldTask } from "./textworld-task.js";
import type { ZorkRoute } from "./zork-route.js";

/**
 * Held-out games: the two brief-goal variants with sub-goals and the one without any goal
 * text. The other five (the four with detailed or brief goal text and `tw-another_game`, the
 * one game in a different world) are train. Seven of the eight games share one world and
 * one walkthrough and differ in reward density and in how much of the goal they spell out,
 * so the held-out games test reading less instruction, not an unseen map.
 */
export const TEXTWORLD_HELD_OUT_GAMES: readonly string[] = [
  "tw-rewardsDense_goalBrief",
  "tw-rewardsBalanced_goalBrief",
  "tw-rewardsSparse_goalNone",
];

/** Zork I milestones at or above this score are held out (the 55-point milestone). */
export const ZORK1_HELD_OUT_FROM_SCORE = 50;

/** The turn budget for a task whose recorded solution has `length` commands: twice that plus 10. */
export function textWorldTurnBudget(length: number): number {
  return 2 * length + 10;
}

/**
 * The scoring quests of a game as sub-goals: quest k is reached when the score is at least
 * the rewards of quests 1..k. That holds because the quests of every bundled game form a
 * chain — each one's winning commands extend the previous one's — and a game scores each
 * quest once, when its condition first holds; a game whose quests do not chain gets no
 * sub-goal tasks. The last quest is the whole game (its task is the game task).
 */
function questTasks(game: TextWorldGame, split: Split): TextWorldTask[] {
  const chained = game.quests.every(
    (quest, index) => index === 0 || startsWith(quest.commands, game.quests[index - 1].commands),
  );
  if (!chained) return [];
  const tasks: TextWorldTask[] = [];
  let threshold = 0;
  game.quests.slice(0, -1).forEach((quest, index) => {
    threshold += quest.reward;
    tasks.push({
      id: `${game.name}-quest-${index + 1}`,
      split,
      group: "textworld-quest",
      game: game.name,
      storyFile: game.storyFile,
      goal: { kind: "score", atLeast: threshold },
      goalText: `Reach a score of at least ${threshold} (of ${game.maxScore}).`,
      maxScore: game.maxScore,
      maxTurns: textWorldTurnBudget(quest.commands.length),
      instruction: `${game.name}: complete quest ${index + 1} of ${game.quests.length} (score at least ${threshold} of ${game.maxScore}).`,
      stage: game.stage,
      vocabulary: game.vocabulary,
    });
  });
  return tasks;
}

function startsWith(commands: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length < commands.length && prefix.every((command, index) => commands[index] === command);
}

function gameTask(game: TextWorldGame, split: Split): TextWorldTask {
  return {
    id: game.name,
    split,
    group: "textworld-game",
    game: game.name,
    storyFile: game.storyFile,
    goal: { kind: "win" },
    goalText: `Win the game (all ${game.maxScore} points).`,
    maxScore: game.maxScore,
    maxTurns: textWorldTurnBudget(game.walkthrough.length),
    instruction: `${game.name}: win the game (${game.maxScore} points; walkthrough ${game.walkthrough.length} commands).`,
    stage: game.stage,
    vocabulary: game.vocabulary,
  };
}

function zorkTasks(route: ZorkRoute): TextWorldTask[] {
  return route.milestones.map((milestone) => ({
    id: `zork1-score-${milestone.score}`,
    split: milestone.score >= ZORK1_HELD_OUT_FROM_SCORE ? "heldout" : "train",
    group: "zork1-milestone",
    game: "zork1",
    storyFile: ZORK1_STORY_FILE,
    goal: { kind: "score", atLeast: milestone.score },
    goalText: `Reach a score of at least ${milestone.score} (of ${route.maxScore}).`,
    maxScore: route.maxScore,
    maxTurns: textWorldTurnBudget(milestone.commands),
    instruction: `Zork I: reach a score of at least ${milestone.score} (a ${milestone.commands}-command route does).`,
    stage: { things: [], places: [] },
    vocabulary: null,
  }));
}

/** Every task of the `textworld` env: per TextWorld game the game and its quest sub-goals, then Zork I's milestones. */
export function buildTextWorldTasks(library: TextWorldLibrary): TextWorldTask[] {
  const tasks: TextWorldTask[] = [];
  for (const game of library.games) {
    const split: Split = TEXTWORLD_HELD_OUT_GAMES.includes(game.name) ? "heldout" : "train";
    tasks.push(gameTask(game, split), ...questTasks(game, split));
  }
  return [...tasks, ...zorkTasks(library.zorkRoute)];
}

/** The tasks by id, and by split as `TaskInfo`. */
export class TextWorldTaskCatalog {
  private readonly byId: ReadonlyMap<string, TextWorldTask>;

  constructor(readonly tasks: readonly TextWorldTask[]) {
    this.byId = new Map(tasks.map((task) => [task.id, task]));
  }

  /** The task with this id; `UNKNOWN_TASK` otherwise. */
  task(taskId: string): TextWorldTask {
    const task = this.byId.get(taskId);
    if (!task) {
      throw new EnvriggerError("UNKNOWN_TASK", `no textworld task "${taskId}"`, {
        hint: `task ids look like tw-rewardsDense_goalDetailed, tw-rewardsDense_goalDetailed-quest-3 or zork1-score-10 (${this.tasks.length} tasks)`,
      });
    }
    return task;
  }

  /** The tasks of a split, in catalogue order. */
  listTasks(split: Split): TaskInfo[] {
    return this.tasks
      .filter((task) => task.split === split)
      .map(({ id, group, instruction }) => ({ id, split, group, instruction }));
  }
}
