import { type ArithmeticOperation, type Fraction, applyOperation } from "../../bridges/toy24/index.js";

/** A `combine(i, j, op)` call and the number it would make. */
export interface Toy24CandidateMove {
  i: number;
  j: number;
  op: ArithmeticOperation;
  result: Fraction;
}

/**
 * Every distinct kind of combination on a board: for each pair i < j, `add` and `mul` once,
 * `sub` and `div` in both orders (i op j and j op i); divisions by zero are left out. For
 * four numbers that is 36 moves, for three 18, for two 6.
 */
export function toy24CandidateMoves(board: readonly Fraction[]): Toy24CandidateMove[] {
  const moves: Toy24CandidateMove[] = [];
  const push = (i: number, j: number, op: ArithmeticOperation) => {
    const result = applyOperation(op, board[i], board[j]);
    if (result) moves.push({ i, j, op, result });
  };
  for (let i = 0; i < board.length; i++) {
    for (let j = i + 1; j < board.length; j++) {
      push(i, j, "add");
      push(i, j, "mul");
      push(i, j, "sub");
      push(j, i, "sub");
      push(i, j, "div");
      push(j, i, "div");
    }
  }
  return moves;
}
