import type { Policy } from "../../core/policy.js";
import {
  type Fraction,
  applyOperation,
  arithmeticOperations,
  fractionIsInteger,
  fractionToNumber,
} from "../../bridges/toy24/index.js";
import { readToy24Board } from "./read-toy24-board.js";
import { bareToy24Action, combineAction } from "./toy24-actions.js";
import { toy24CandidateMoves, type Toy24CandidateMove } from "./toy24-candidate-moves.js";

/** True when `value op other` or `other op value` is 24 for some operation. */
function makes24With(value: Fraction, other: Fraction): boolean {
  for (const operation of arithmeticOperations) {
    const forward = applyOperation(operation, value, other);
    if (forward && fractionIsInteger(forward, 24)) return true;
    const backward = applyOperation(operation, other, value);
    if (backward && fractionIsInteger(backward, 24)) return true;
  }
  return false;
}

/**
 * The greedy score of a move (lower is better): its distance to 24, minus a large bonus when
 * the result makes 24 in one operation with one of the numbers the move leaves untouched
 * (6 with a 4 still on the board). It looks one number ahead, never at the whole rest.
 */
export function greedyToy24Score(board: readonly Fraction[], move: Toy24CandidateMove): number {
  const distance = Math.abs(24 - fractionToNumber(move.result));
  for (let index = 0; index < board.length; index++) {
    if (index !== move.i && index !== move.j && makes24With(move.result, board[index])) return distance - 1_000;
  }
  return distance;
}

/**
 * `greedy`: at each turn plays the move with the best {@link greedyToy24Score} (ties drawn
 * with the seeded rng), never backtracks, and submits when one number is left (or when it
 * cannot read the board). It solves easy puzzles often and hard ones (fractions,
 * unusual intermediate values) rarely: about a third of the set overall.
 */
export function createToy24GreedyPolicy(): Policy {
  return {
    name: "greedy",
    act(input) {
      const board = readToy24Board(input.observation);
      if (!board || board.length === 1) return bareToy24Action("submit");
      let best: Toy24CandidateMove[] = [];
      let bestScore = Number.POSITIVE_INFINITY;
      for (const move of toy24CandidateMoves(board)) {
        const score = greedyToy24Score(board, move);
        if (score < bestScore) {
          bestScore = score;
          best = [move];
        } else if (score === bestScore) best.push(move);
      }
      if (best.length === 0) return bareToy24Action("submit");
      return combineAction(input.random.pick(best));
    },
  };
}
