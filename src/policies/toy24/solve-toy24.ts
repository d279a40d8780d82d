import { type Fraction, fractionIsInteger, replacePair } from "../../bridges/toy24/index.js";
import { toy24CandidateMoves, type Toy24CandidateMove } from "./toy24-candidate-moves.js";

/**
 * An exhaustive Game-of-24 search: the moves (in the env's `combine` convention — the result
 * takes the lower index) that turn `board` into the single number 24, or `null` when no
 * sequence does. The first solution in {@link toy24CandidateMoves} order is returned. An
 * empty list means the board already is `[24]`. Exact arithmetic: `3 3 8 8` is solved
 * through 8 / (3 − 8/3).
 */
export function solveToy24(board: readonly Fraction[]): Toy24CandidateMove[] | null {
  if (board.length === 1) return fractionIsInteger(board[0], 24) ? [] : null;
  for (const move of toy24CandidateMoves(board)) {
    const rest = solveToy24(replacePair(board, move.i, move.j, move.result));
    if (rest) return [move, ...rest];
  }
  return null;
}

/** The moves from `board` after which the board can still be solved (each is a first step of a solution). */
export function winningToy24Moves(board: readonly Fraction[]): Toy24CandidateMove[] {
  return toy24CandidateMoves(board).filter(
    (move) => solveToy24(replacePair(board, move.i, move.j, move.result)) !== null,
  );
}
