import type { Action } from "../../core/action.js";
import type { Observation } from "../../core/observation.js";
import { arithmeticOperations } from "./arithmetic-operation.js";

/** How many numbers an observation shows: `data.numbers`, else the `Numbers:` line; null when neither can be read. */
function boardSize(observation: Observation): number | null {
  const numbers = observation.data?.numbers;
  if (Array.isArray(numbers) && numbers.length >= 1 && numbers.length <= 4) return numbers.length;
  const line = observation.text.split("\n").find((candidate) => candidate.startsWith("Numbers:"));
  if (line === undefined) return null;
  const count = [...line.matchAll(/\[(\d+)\]/g)].length;
  return count >= 1 && count <= 4 ? count : null;
}

/**
 * The Game-of-24 calls worth considering after `observation` (its `combine` indices are
 * unbounded in the schema): `combine(i, j, op)` for every ordered pair of different shown
 * numbers and every op, then `undo`, `reset` and `submit`. Null when the observation shows
 * no board (a harness may hide it).
 */
export function toy24CandidateActions(observation: Observation): Action[] | null {
  const size = boardSize(observation);
  if (size === null) return null;
  const actions: Action[] = [];
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      if (i !== j) for (const op of arithmeticOperations) actions.push({ name: "combine", args: { i, j, op } });
    }
  }
  for (const name of ["undo", "reset", "submit"]) actions.push({ name, args: {} });
  return actions;
}
