import { dirname } from "node:path";
import type { CurriculumConfig } from "../curriculum/curriculum-config.js";
import { unfinishedRunsLike } from "../curriculum/unfinished-runs.js";
import type { CliIo } from "./cli-io.js";
import { pathFrom, resumeCommand } from "./resume-command.js";

/**
 * The same command rerun on an unfinished run (interrupted, or still running) starts a new
 * run — the seeds are the run's, so it ends with the same results — and says which run it
 * could continue instead, and how.
 */
export function noteUnfinishedRun(config: CurriculumConfig, runDirectory: string, io: CliIo): void {
  const [latest] = unfinishedRunsLike(config, dirname(runDirectory));
  if (!latest) return;
  io.stderr(
    `note: ${pathFrom(io.cwd, latest.runDirectory)} is an unfinished run of this same command (started ${latest.startedAt.toISOString()}); ` +
      `this starts a new run — to continue that one instead: ${resumeCommand(latest.runDirectory, io.cwd)}\n`,
  );
}
