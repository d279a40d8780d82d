import type { Policy } from "../../core/policy.js";
import { arithmeticOperations } from "../../bridges/toy24/index.js";
import { readToy24Board } from "./read-toy24-board.js";
import { bareToy24Action, combineAction } from "./toy24-actions.js";

/**
 * `random`: a uniformly random combination of two different observed numbers with a
 * uniformly random operation (which may divide by zero — the env then refuses it and the
 * turn is lost), and `submit` once one number is left or the board cannot be read.
 */
export function createToy24RandomPolicy(): Policy {
  return {
    name: "random",
    act(input) {
      const board = readToy24Board(input.observation);
      if (!board || board.length === 1) return bareToy24Action("submit");
      const i = input.random.int(board.length);
      const other = input.random.int(board.length - 1);
      const j = other >= i ? other + 1 : other;
      return combineAction({ i, j, op: input.random.pick(arithmeticOperations) });
    },
  };
}
