import type { Policy } from "../../core/policy.js";
import { fractionIsInteger } from "../../bridges/toy24/index.js";
import { winningToy24Moves } from "./solve-toy24.js";
import { readToy24Board } from "./read-toy24-board.js";
import { bareToy24Action, combineAction } from "./toy24-actions.js";

/**
 * `solver`: reads the numbers from the observation and plays a move that still leads to 24
 * (exhaustive search; among several such moves it draws one with the seeded rng), then
 * submits the single 24. It always solves a solvable board within four turns. When the
 * board it sees cannot be solved any more (a harness changed it) it uses the `reset` tool
 * to go back to the starting numbers; when even those are unsolvable, or it cannot read
 * the board, it submits (gives up).
 */
export function createToy24SolverPolicy(): Policy {
  return {
    name: "solver",
    act(input) {
      const board = readToy24Board(input.observation);
      if (!board) return bareToy24Action("submit");
      if (board.length === 1)
        return fractionIsInteger(board[0], 24) ? bareToy24Action("submit") : bareToy24Action("reset");
      const winning = winningToy24Moves(board);
      if (winning.length === 0) return board.length < 4 ? bareToy24Action("reset") : bareToy24Action("submit");
      return combineAction(input.random.pick(winning));
    },
  };
}
