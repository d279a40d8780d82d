import type { Observation } from "../../core/observation.js";
import type { BoardNumber, Toy24Episode } from "./toy24-episode.js";

/** The rules, first line of every observation. */
export const TOY24_RULES =
  "Game of 24: combine two numbers at a time with add, sub, mul or div until one number is left. " +
  "It must be exactly 24, and every starting number must be used exactly once.";

/** The tool summary, last line of every observation. */
export const TOY24_TOOLS_LINE =
  "Tools: combine <i> <j> <op> (numbers[i] op numbers[j] replaces both, at the lower index), " +
  "undo, reset (back to the starting numbers), submit.";

/**
 * What the agent sees. Text (one item per line):
 *
 * ```
 * [notice — an `Error: …` or `Submitted: …` line, when there is one]
 * Game of 24: …
 * Numbers: [0] 3  [1] 3  [2] 8/3
 * History: 8 / 3 = 8/3
 * Turn 1 of 12. Tools: …
 * ```
 *
 * Fractions read `a/b`, negative numbers `-a`; `History: none` before any combination.
 * Data: `numbers` (strings, in index order), `history` (the expressions), `turn`, `maxTurns`.
 */
export function toy24Observation(episode: Toy24Episode, notice: string | null = null): Observation {
  const board = episode.board;
  const numbers: string[] = new Array<string>(board.length);
  let numbersLine = "Numbers:";
  for (let index = 0; index < board.length; index++) {
    const label = board[index].label;
    numbers[index] = label;
    numbersLine += `${index === 0 ? " " : "  "}[${index}] ${label}`;
  }
  const history: string[] = new Array<string>(episode.history.length);
  for (let index = 0; index < history.length; index++) history[index] = episode.history[index].expression;
  const historyLine = history.length === 0 ? "History: none" : `History: ${history.join("; ")}`;
  const body = `${TOY24_RULES}\n${numbersLine}\n${historyLine}\nTurn ${episode.turns} of ${episode.maxTurns}. ${TOY24_TOOLS_LINE}`;
  return {
    text: notice === null ? body : `${notice}\n${body}`,
    data: { numbers, history, turn: episode.turns, maxTurns: episode.maxTurns },
  };
}

/** The first line of the observation after `submit`: solved, a wrong single number, or numbers left unused. */
export function toy24SubmissionNotice(board: readonly BoardNumber[], solved: boolean): string {
  if (solved) return "Submitted: 24, every number used exactly once. Solved.";
  if (board.length === 1) return `Submitted: ${board[0].label} is not 24. Not solved.`;
  const left = board.map((number) => number.label).join(", ");
  return `Submitted with ${board.length} numbers left (${left}): every number must be combined into one. Not solved.`;
}
