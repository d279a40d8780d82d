import type { JsonObject } from "../../core/json.js";
import {
  applyOperation,
  isArithmeticOperation,
  operationSymbols,
  type ArithmeticOperation,
} from "./arithmetic-operation.js";
import { formatFraction, fractionIsInteger, type Fraction } from "./fraction.js";
import { replacePair } from "./replace-pair.js";

/** A number on the board with its text (formatted once, when it is made). */
export interface BoardNumber {
  readonly value: Fraction;
  readonly label: string;
}

/** One combination that built the current board (JSON). */
export interface Toy24Combination extends JsonObject {
  i: number;
  j: number;
  op: ArithmeticOperation;
  /** `8 / 3 = 8/3`: the operands and the result as they appeared. */
  expression: string;
}

/** Why a Game-of-24 episode ended. */
export type Toy24Stop = "submit" | "budget";

const allowedCombineKeys = new Set(["i", "j", "op"]);

/**
 * The state of one Game-of-24 episode and its moves. Boards are never changed in place: a
 * combination makes a new board and keeps the old one for `undo`, so a move costs one small
 * array. Moves return an error message for a refused call, `null` when it was done.
 */
export class Toy24Episode {
  /** The current numbers; the first board is the four starting numbers. */
  board: readonly BoardNumber[];
  /** The combinations that built `board` from the start, oldest first. */
  readonly history: Toy24Combination[] = [];
  /** Turns spent (refused calls included); `notifyReplayComplete` sets it back to 0. */
  turns = 0;
  submitted = false;
  stop: Toy24Stop | null = null;
  private readonly earlierBoards: (readonly BoardNumber[])[] = [];

  constructor(
    readonly taskId: string,
    readonly seed: number,
    readonly start: readonly BoardNumber[],
    readonly maxTurns: number,
  ) {
    this.board = start;
  }

  /** True once the episode ended (submitted or out of turns). */
  get done(): boolean {
    return this.stop !== null;
  }

  /**
   * The verdict on the board: one number left — so every starting number was used exactly
   * once, since each combination consumes two numbers and makes one — and it is exactly 24.
   */
  solved(): boolean {
    return this.board.length === 1 && fractionIsInteger(this.board[0].value, 24);
  }

  /** `combine(i, j, op)`: `board[i] op board[j]` replaces both, at the lower index. */
  combine(args: JsonObject): string | null {
    for (const key in args) {
      if (!allowedCombineKeys.has(key)) return `combine takes i, j and op; unexpected argument "${key}"`;
    }
    const { i, j, op } = args;
    const count = this.board.length;
    if (count < 2) return "only one number is left: nothing to combine; submit it, undo or reset";
    const range = `an integer index from 0 to ${count - 1}`;
    if (typeof i !== "number" || !Number.isInteger(i) || i < 0 || i >= count)
      return `i must be ${range}, got ${JSON.stringify(i ?? null)}`;
    if (typeof j !== "number" || !Number.isInteger(j) || j < 0 || j >= count)
      return `j must be ${range}, got ${JSON.stringify(j ?? null)}`;
    if (i === j) return `i and j must be two different numbers, got ${i} twice`;
    if (!isArithmeticOperation(op)) return `op must be add, sub, mul or div, got ${JSON.stringify(op ?? null)}`;
    const left = this.board[i];
    const right = this.board[j];
    const value = applyOperation(op, left.value, right.value);
    const expression = `${left.label} ${operationSymbols[op]} ${right.label}`;
    if (!value)
      return right.value.numerator === 0 && op === "div"
        ? `cannot divide by zero: ${expression}`
        : `${expression} is too large to represent exactly`;
    const result: BoardNumber = { value, label: formatFraction(value) };
    this.earlierBoards.push(this.board);
    this.board = replacePair(this.board, i, j, result);
    this.history.push({ i, j, op, expression: `${expression} = ${result.label}` });
    return null;
  }

  /** `undo`: take back the last combination. */
  undo(): string | null {
    const previous = this.earlierBoards.pop();
    if (!previous) return "nothing to undo: the board holds the starting numbers";
    this.board = previous;
    this.history.pop();
    return null;
  }

  /** The `reset` tool: back to the four starting numbers; clears the history (not undoable). */
  restart(): void {
    this.board = this.start;
    this.history.length = 0;
    this.earlierBoards.length = 0;
  }

  /** `submit`: ends the episode, whatever the board holds. */
  submit(): void {
    this.submitted = true;
    this.stop = "submit";
  }
}
