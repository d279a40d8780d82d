import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { z } from "zod";
import { EnvriggerError } from "../core/errors.js";
import { parseJsonText } from "../core/validate.js";
import { curriculumConfigSchema, type CurriculumConfig } from "./curriculum-config.js";
import { runPaths } from "../run-format/run-paths.js";
import type { CheckpointedTask } from "../rigger/checkpointed-task-schema.js";
import { learningCurvesSchema, type LearningCurves } from "../run-format/learning-curves-schema.js";
import { readCheckpointedTasks } from "../rigger/read-checkpointed-tasks.js";
import { readRunFile } from "../run-format/run-file.js";

const countSchema = z.number().int().nonnegative();

/** The part of `result.json` the report reads: task order, duration and the run's summary. */
const resultFileSchema = z.object({
  tasks: z.array(z.object({ taskId: z.string() })),
  durationMs: z.number().nonnegative(),
  summary: z.object({
    tasks: countSchema,
    accepted: countSchema,
    rejected: countSchema,
    skipped: countSchema,
    inBandBefore: countSchema,
    inBandAfter: countSchema,
    /** Tasks the run's budget left unrigged (0 in runs written before run budgets). */
    notRigged: countSchema.default(0),
  }),
});

/** Everything the report shows about one run directory. */
export interface RunRecord {
  directory: string;
  config: CurriculumConfig;
  /** `result.json` when the run finished (null while it runs or after it was killed). */
  result: z.infer<typeof resultFileSchema> | null;
  /** Every task that started, in the run's task order. */
  tasks: CheckpointedTask[];
  /** `curves.json` (experiment runs), when present. */
  curves: LearningCurves | null;
}

/** The run's checkpointer files: one per task under `checkpoints/`, or one shared file (earlier runs). */
function checkpointFiles(directory: string): string[] {
  const perTask = dirname(runPaths(directory).checkpointsOf("task"));
  const files = existsSync(perTask)
    ? readdirSync(perTask)
        .filter((name) => name.endsWith(".sqlite"))
        .map((name) => join(perTask, name))
    : [];
  const shared = join(directory, "checkpoints.sqlite");
  return existsSync(shared) ? [shared, ...files] : files;
}

/**
 * Read a run directory (`runs/<id>/`): `run.json` (required — without it the directory is
 * not a run), `result.json` when the run finished, every task's latest state from its
 * checkpointer, and `curves.json` when a run wrote learning curves.
 */
export async function readRun(directory: string): Promise<RunRecord> {
  const paths = runPaths(directory);
  if (!existsSync(directory) || !statSync(directory).isDirectory()) {
    throw new EnvriggerError("FILE_NOT_FOUND", `${directory} is not a directory`, {
      hint: "pass the directory of a run, e.g. runs/<id> (written by `envrigger curriculum`)",
    });
  }
  if (!existsSync(paths.config)) {
    throw new EnvriggerError(
      "FILE_NOT_FOUND",
      `${directory} is not a run: it has no run.json, training.json or experiment.json`,
      {
        hint: "pass the directory of a run, e.g. runs/<id> (written by `envrigger curriculum`, `train` or `experiment`)",
      },
    );
  }
  const config = readRunFile(curriculumConfigSchema, paths.config);
  const result = existsSync(paths.result)
    ? parseJsonText(resultFileSchema, readFileSync(paths.result, "utf8"), paths.result)
    : null;
  const curvesPath = join(directory, "curves.json");
  const curves = existsSync(curvesPath)
    ? parseJsonText(learningCurvesSchema, readFileSync(curvesPath, "utf8"), curvesPath)
    : null;
  const order = result?.tasks.map((task) => task.taskId) ?? config.taskIds ?? [];
  const rank = (taskId: string) => (order.includes(taskId) ? order.indexOf(taskId) : order.length);
  const tasks = (await readCheckpointedTasks(checkpointFiles(directory), config.env)).sort(
    (left, right) => rank(left.config.taskId) - rank(right.config.taskId),
  );
  return { directory, config, result, tasks, curves };
}
