import { z } from "zod";
import type { Observation } from "../../core/observation.js";
import { type Fraction, parseFraction } from "../../bridges/toy24/index.js";

/** The part of a Game-of-24 observation's data a policy reads. */
const boardDataSchema = z.object({ numbers: z.array(z.string()).min(1).max(4) });

const numberPattern = /\[(\d+)\]\s+(-?\d+(?:\/\d+)?)/g;

function parseAll(labels: readonly string[]): Fraction[] | null {
  const board: Fraction[] = [];
  for (const label of labels) {
    const value = parseFraction(label.trim());
    if (!value) return null;
    board.push(value);
  }
  return board;
}

/**
 * The current numbers as a policy sees them: from `data.numbers` when the observation has
 * them, else from the `Numbers: [0] 3  [1] 8/3 …` line of the text (indices must run 0, 1, …).
 * `null` when neither can be read (a harness may hide or rewrite both) or there are more
 * than four numbers.
 */
export function readToy24Board(observation: Observation): Fraction[] | null {
  const data = boardDataSchema.safeParse(observation.data);
  if (data.success) {
    const board = parseAll(data.data.numbers);
    if (board) return board;
  }
  const line = observation.text.split("\n").find((candidate) => candidate.startsWith("Numbers:"));
  if (line === undefined) return null;
  const labels: string[] = [];
  for (const match of line.matchAll(numberPattern)) {
    if (Number(match[1]) !== labels.length) return null;
    labels.push(match[2] as string);
  }
  return labels.length >= 1 && labels.length <= 4 ? parseAll(labels) : null;
}
