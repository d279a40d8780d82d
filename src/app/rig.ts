import { EnvriggerError } from "../core/errors.js";
import type { CurriculumSettingsInput } from "../curriculum/curriculum-settings.js";
import { curriculum, type CurriculumRunResult, type CurriculumTaskEntry, type RunOptions } from "./curriculum.js";

/** Options of {@link rig}: the rig settings (see `rigSettingTable`), the task, and how to run. */
export type RigOptions = Partial<Omit<CurriculumSettingsInput, "taskIds" | "split" | "taskConcurrency">> &
  RunOptions & {
    /** The task to rig (required unless `resume`). */
    task?: string;
  };

/** What {@link rig} returns — and `envrigger rig --json` prints: the task's result and its run. */
export type RigResult = CurriculumTaskEntry &
  Pick<CurriculumRunResult, "runId" | "runDirectory" | "summary" | "promise" | "report" | "warnings">;

/**
 * Rig one task: observe, diagnose, write, check, validate, decide — until a candidate's
 * measured rates are in the target band (`accepted`), the revisions run out (`rejected`),
 * or the task is already in band (`skipped`). A run of one task: its directory holds the
 * same files as a curriculum's, and `resume` continues it.
 *
 * @example
 * const r = await rig({ env: "bugfix", task: "clamp-0", policy: "hasty", band: [0.4, 0.6] });
 * console.log(r.outcome, r.cost.rollouts, r.candidate);
 */
export async function rig(options: RigOptions): Promise<RigResult> {
  const { task, ...rest } = options;
  const run = await curriculum({
    ...rest,
    ...(task === undefined ? {} : { taskIds: [task] }),
    ...(options.resume === undefined ? { split: "all" } : {}),
  });
  const result = run.tasks[0];
  if (!result) {
    const notRigged = run.notRigged[0];
    throw new EnvriggerError(
      notRigged?.reason ?? "INTERNAL",
      notRigged ? `${notRigged.taskId}: ${notRigged.message}` : `the run ${run.runId} rigged no task`,
    );
  }
  return {
    ...result,
    runId: run.runId,
    runDirectory: run.runDirectory,
    summary: run.summary,
    promise: run.promise,
    report: run.report,
    warnings: run.warnings,
  };
}
