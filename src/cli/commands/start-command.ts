import type { CliIo } from "../cli-io.js";
import { curriculumCommand } from "./curriculum-command.js";
import type { CurriculumResult } from "../../curriculum/run-curriculum.js";

/** What `npm start` runs: the persona, designer and target of the offline default. */
export const START_DEFAULTS = {
  env: "bugfix",
  split: "train",
  policy: "hasty",
  designer: "heuristic",
  bandSuccess: "0.4,0.6",
} as const;

/**
 * `npm start`: the main job on the embedded default, offline — a curriculum over the
 * BugFix train split for the `hasty` persona with the heuristic designer and the success
 * band [0.4, 0.6], on both cores. Prints the summary table and where the outputs went.
 */
export async function startCommand(
  options: { json?: boolean; out?: string; concurrency?: string },
  io: CliIo,
): Promise<CurriculumResult> {
  if (!options.json) {
    io.stdout(
      `envrigger: rigging the BugFix train split for the "${START_DEFAULTS.policy}" persona with the ${START_DEFAULTS.designer} designer, ` +
        `target success band [${START_DEFAULTS.bandSuccess}] (offline; a few minutes at most)\n\n`,
    );
  }
  return curriculumCommand(
    { ...START_DEFAULTS, concurrency: options.concurrency ?? "2", out: options.out, json: options.json },
    io,
  );
}
