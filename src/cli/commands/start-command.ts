import type { CliIo } from "../cli-io.js";
import { printedCurriculum } from "./curriculum-command.js";
import type { CurriculumOptions, CurriculumRunResult } from "../../app/curriculum.js";
import { parseInteger } from "../parse-arguments.js";

/** What `npm start` runs: the persona, designer and target of the offline default, on two lanes. */
export const START_DEFAULTS = {
  env: "bugfix",
  split: "train",
  policy: "hasty",
  designer: "heuristic",
  band: [0.4, 0.6],
  taskConcurrency: 2,
} as const satisfies CurriculumOptions;

/**
 * `npm start`: the main job on the embedded default, offline — a curriculum over the
 * BugFix train split for the `hasty` persona with the heuristic designer and the success
 * band [0.4, 0.6], on both cores. Prints the summary table and where the outputs went.
 */
export async function startCommand(
  options: { json?: boolean; out?: string; runsDir?: string; taskConcurrency?: string },
  io: CliIo,
): Promise<CurriculumRunResult> {
  if (!options.json) {
    io.stdout(
      `envrigger: rigging the BugFix train split for the "${START_DEFAULTS.policy}" persona with the ${START_DEFAULTS.designer} designer, ` +
        `target success band [${START_DEFAULTS.band.join(",")}] (offline; a few minutes at most)\n\n`,
    );
  }
  return printedCurriculum(
    {
      ...START_DEFAULTS,
      band: [...START_DEFAULTS.band],
      cwd: io.cwd,
      ...(options.taskConcurrency === undefined
        ? {}
        : { taskConcurrency: parseInteger(options.taskConcurrency, "--task-concurrency") }),
      ...(options.out === undefined ? {} : { out: options.out }),
      ...(options.runsDir === undefined ? {} : { runsDir: options.runsDir }),
    },
    options.json,
    io,
  );
}
