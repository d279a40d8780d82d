import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { runPaths } from "../run-format/run-paths.js";
import { curriculumConfigSchema, type CurriculumConfig } from "./curriculum-config.js";
import { readRunFile } from "../run-format/run-file.js";

/** An unfinished run in a runs directory: written its configuration, not yet its result. */
export interface UnfinishedRun {
  runDirectory: string;
  /** When its run.json was written. */
  startedAt: Date;
}

/**
 * What makes two runs the same run: every field but its id and how many episodes ran at once
 * (which never changes results); candidates stored in each run's own directory are the same
 * setting.
 */
function sameRun(left: CurriculumConfig, right: CurriculumConfig, runsDirectory: string): boolean {
  const key = ({ runId, rolloutConcurrency: _rolloutConcurrency, candidatesDir, ...rest }: CurriculumConfig) =>
    JSON.stringify({
      ...rest,
      candidatesDir: candidatesDir === runPaths(join(runsDirectory, runId)).candidates ? "own" : candidatesDir,
    });
  return key(left) === key(right);
}

/**
 * The unfinished runs under `runsDirectory` (`runs/`) whose configuration is `config`'s
 * but for the run id — what the same command started before and did not finish (it was
 * interrupted, or is still running) — newest first. Directories that are not readable
 * runs are passed over.
 */
export function unfinishedRunsLike(config: CurriculumConfig, runsDirectory: string): UnfinishedRun[] {
  if (!existsSync(runsDirectory)) return [];
  const runs: UnfinishedRun[] = [];
  for (const entry of readdirSync(runsDirectory, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const paths = runPaths(join(runsDirectory, entry.name));
    if (!existsSync(paths.config) || existsSync(paths.result)) continue;
    let stored: CurriculumConfig;
    try {
      stored = readRunFile(curriculumConfigSchema, paths.config);
    } catch {
      continue; // Not a run this version reads.
    }
    if (sameRun(stored, config, runsDirectory))
      runs.push({ runDirectory: paths.directory, startedAt: statSync(paths.config).mtime });
  }
  return runs.sort((left, right) => right.startedAt.getTime() - left.startedAt.getTime());
}
