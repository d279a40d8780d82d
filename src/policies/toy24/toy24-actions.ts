import type { Action } from "../../core/action.js";
import type { Toy24CandidateMove } from "./toy24-candidate-moves.js";

/** The `combine` call of a move (a fresh object). */
export function combineAction(move: Pick<Toy24CandidateMove, "i" | "j" | "op">): Action {
  return { name: "combine", args: { i: move.i, j: move.j, op: move.op } };
}

/** A call of one of the argument-less Game-of-24 tools (a fresh object). */
export function bareToy24Action(name: "undo" | "reset" | "submit"): Action {
  return { name, args: {} };
}
