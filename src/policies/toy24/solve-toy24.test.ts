import { describe, expect, it } from "vitest";
import {
  type Fraction,
  createFraction,
  formatFraction,
  fractionIsInteger,
  loadToy24Puzzles,
  replacePair,
} from "../../bridges/toy24/index.js";
import { solveToy24, winningToy24Moves } from "./solve-toy24.js";
import { toy24CandidateMoves } from "./toy24-candidate-moves.js";

const board = (...values: number[]) => values.map((value) => createFraction(value));

/** Play moves the way the env does and return the final board. */
function playOut(start: Fraction[], moves: ReturnType<typeof toy24CandidateMoves>): Fraction[] {
  return moves.reduce((current, move) => replacePair(current, move.i, move.j, move.result), start);
}

describe("toy24CandidateMoves", () => {
  it("lists add and mul once per pair, sub and div both ways, without division by zero", () => {
    expect(toy24CandidateMoves(board(3, 3, 8, 8))).toHaveLength(36);
    expect(
      toy24CandidateMoves(board(2, 5)).map((move) => `${move.i}${move.op}${move.j}=${formatFraction(move.result)}`),
    ).toEqual(["0add1=7", "0mul1=10", "0sub1=-3", "1sub0=3", "0div1=2/5", "1div0=5/2"]);
    expect(toy24CandidateMoves(board(0, 5)).map((move) => move.op)).toEqual(["add", "mul", "sub", "sub", "div"]);
  });
});

describe("solveToy24", () => {
  it("solves 3 3 8 8 through fractions, in the env's index convention", () => {
    const start = board(3, 3, 8, 8);
    const solution = solveToy24(start);
    expect(solution).toHaveLength(3);
    const end = playOut(start, solution ?? []);
    expect(end).toHaveLength(1);
    expect(fractionIsInteger(end[0], 24)).toBe(true);
    expect(solution?.some((move) => move.result.denominator !== 1)).toBe(true);
  });

  it("knows unsolvable boards", () => {
    expect(solveToy24(board(1, 1, 1, 1))).toBeNull();
    expect(solveToy24(board(24, 1, 1))).not.toBeNull();
    expect(solveToy24(board(23))).toBeNull();
    expect(solveToy24(board(24))).toEqual([]);
    expect(winningToy24Moves(board(1, 1, 1, 1))).toEqual([]);
    expect(winningToy24Moves(board(4, 6)).map((move) => move.op)).toEqual(["mul"]);
  });

  it("solves every one of the 1,362 Tree-of-Thoughts puzzles", async () => {
    const puzzles = await loadToy24Puzzles();
    const unsolved = puzzles.filter((puzzle) => {
      const start = board(...puzzle.numbers);
      const solution = solveToy24(start);
      if (!solution) return true;
      const end = playOut(start, solution);
      return end.length !== 1 || !fractionIsInteger(end[0], 24);
    });
    expect(unsolved.map((puzzle) => puzzle.rank)).toEqual([]);
  });
});
