import { readFile } from "node:fs/promises";
import { EnvriggerError } from "../../core/errors.js";
import { packageFile } from "../../core/package-root.js";
import { parseToy24Csv, type Toy24Puzzle } from "./toy24-puzzle-csv.js";

/**
 * Where the bundled puzzle file lives: `data/toy24/24.csv` in the package (works from any
 * working directory, from `src/` and `dist/`).
 */
export function defaultToy24CsvPath(): string {
  return packageFile("data", "toy24", "24.csv");
}

/**
 * Read and strictly parse a Game-of-24 puzzle file (default: the bundled Tree-of-Thoughts
 * set of 1,362 puzzles, MIT, see `data/toy24/LICENSE`). A missing file throws
 * `FILE_NOT_FOUND`; a malformed one `INVALID_SHAPE`.
 */
export async function loadToy24Puzzles(path: string = defaultToy24CsvPath()): Promise<Toy24Puzzle[]> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new EnvriggerError("FILE_NOT_FOUND", `cannot read the Game-of-24 puzzle file ${path}`, {
      cause: error,
      hint: "the file ships in data/toy24/24.csv; pass an existing CSV with the Tree-of-Thoughts columns",
    });
  }
  return parseToy24Csv(text, path);
}
