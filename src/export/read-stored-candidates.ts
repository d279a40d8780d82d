import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { checkCandidateId } from "../core/candidate-id.js";
import { EnvriggerError } from "../core/errors.js";
import { parseJsonText } from "../core/validate.js";
import { readCandidateRecord } from "../rigger/candidate-store.js";
import { runPaths } from "../run-format/run-paths.js";
import { corpusLineSchema, type CorpusLine } from "./corpus-line.js";
import { corpusLineOf } from "./corpus-line-of.js";

/**
 * Every candidate JSON file under `directory` (Rules sources beside them are `.ts`), sorted.
 * In a run directory (it has a `run.json`) only its `candidates/` holds candidates: its
 * `run.json` and `result.json` are not (so `--candidates runs` serves every run's candidates).
 */
function candidateFiles(directory: string): string[] {
  const run = runPaths(directory);
  if (existsSync(run.config)) return existsSync(run.candidates) ? candidateFiles(run.candidates) : [];
  const files: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) files.push(...candidateFiles(path));
    else if (entry.isFile() && entry.name.endsWith(".json")) files.push(path);
  }
  return files.sort();
}

/** The lines of a corpus file (blank lines skipped), each validated. */
function corpusLines(path: string): CorpusLine[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => line.length > 0)
    .map(({ line, number }) => {
      const where = `line ${number} of corpus ${path}`;
      const parsed = parseJsonText(corpusLineSchema, line, where, "BAD_ARGUMENT");
      checkCandidateId({ id: parsed.candidateId, stack: parsed.stack }, where);
      return parsed;
    });
}

/**
 * Stored candidates as corpus lines, from a candidate directory (`runs/<id>/candidates/`,
 * searched recursively) or a corpus `.jsonl` file written by `export --format corpus`.
 * A missing path or a file that does not fit is a user error naming it.
 */
export function readStoredCandidates(path: string): CorpusLine[] {
  if (!existsSync(path))
    throw new EnvriggerError("FILE_NOT_FOUND", `candidates not found: ${path}`, {
      hint: "pass a candidate directory (e.g. runs/<id>/candidates) or a corpus .jsonl",
    });
  if (statSync(path).isDirectory()) return candidateFiles(path).map((file) => corpusLineOf(readCandidateRecord(file)));
  return corpusLines(path);
}
