import { z } from "zod";
import { EnvriggerError } from "../../core/errors.js";
import { parseWith } from "../../core/validate.js";

/** The exact header line of the Tree-of-Thoughts puzzle file (`24.csv`). */
export const TOY24_CSV_HEADER = "Rank,Puzzles,AMT (s),Solved rate,1-sigma Mean (s),1-sigma STD (s)";

const decimal = z
  .string()
  .regex(/^\d+(\.\d+)?$/, "expected a non-negative decimal number")
  .transform(Number);
const cardNumber = z.number().int().min(1).max(13);

/**
 * One puzzle of the Tree-of-Thoughts Game-of-24 set: four numbers (1–13) and how people on
 * Amazon Mechanical Turk did on it. The file is ranked from easiest (1) to hardest.
 */
export const toy24PuzzleSchema = z.object({
  /** 1-based rank by human difficulty, easiest first. */
  rank: z.number().int().min(1),
  /** The four starting numbers, as listed. */
  numbers: z.tuple([cardNumber, cardNumber, cardNumber, cardNumber]),
  /** Column `AMT (s)`: mean solving time of the Mechanical Turk workers, seconds. */
  humanSolveSeconds: z.number().nonnegative(),
  /** Column `Solved rate`, as a fraction in [0, 1]. */
  humanSolvedRate: z.number().min(0).max(1),
  /** Column `1-sigma Mean (s)`: mean time within one standard deviation, seconds. */
  oneSigmaMeanSeconds: z.number().nonnegative(),
  /** Column `1-sigma STD (s)`: the standard deviation of those times, seconds. */
  oneSigmaStandardDeviationSeconds: z.number().nonnegative(),
});
export type Toy24Puzzle = z.infer<typeof toy24PuzzleSchema>;

/** One CSV line, still text, turned into a puzzle. */
const csvRowSchema = z
  .tuple([
    z.string().regex(/^\d+$/, "expected a rank").transform(Number),
    z
      .string()
      .regex(/^\d+ \d+ \d+ \d+$/, "expected four numbers separated by single spaces")
      .transform((text) => text.split(" ").map(Number)),
    decimal,
    z
      .string()
      .regex(/^\d+(\.\d+)?%$/, "expected a percentage such as 99.20%")
      .transform((text) => Number(text.slice(0, -1)) / 100),
    decimal,
    decimal,
  ])
  .transform(
    ([rank, numbers, humanSolveSeconds, humanSolvedRate, oneSigmaMeanSeconds, oneSigmaStandardDeviationSeconds]) => ({
      rank,
      numbers,
      humanSolveSeconds,
      humanSolvedRate,
      oneSigmaMeanSeconds,
      oneSigmaStandardDeviationSeconds,
    }),
  )
  .pipe(toy24PuzzleSchema);

/**
 * Parse the Tree-of-Thoughts `24.csv` text strictly: the exact {@link TOY24_CSV_HEADER},
 * six plain comma-separated fields per line (no quoting), ranks 1, 2, 3 … in order, no
 * blank lines except one final newline. Any deviation throws `INVALID_SHAPE` naming the
 * line. `source` names the file in messages.
 */
export function parseToy24Csv(text: string, source = "24.csv"): Toy24Puzzle[] {
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === "") lines.pop();
  if (lines[0] !== TOY24_CSV_HEADER) {
    throw new EnvriggerError(
      "INVALID_SHAPE",
      `${source}: the first line must be "${TOY24_CSV_HEADER}", got "${lines[0] ?? ""}"`,
    );
  }
  const puzzles: Toy24Puzzle[] = [];
  for (let index = 1; index < lines.length; index++) {
    const where = `${source} line ${index + 1}`;
    const puzzle = parseWith(csvRowSchema, (lines[index] as string).split(","), where, "INVALID_SHAPE");
    if (puzzle.rank !== index) {
      throw new EnvriggerError(
        "INVALID_SHAPE",
        `${where}: expected rank ${index}, got ${puzzle.rank} (ranks must run 1, 2, 3 … in order)`,
      );
    }
    puzzles.push(puzzle);
  }
  if (puzzles.length === 0) throw new EnvriggerError("INVALID_SHAPE", `${source}: no puzzles after the header`);
  return puzzles;
}
