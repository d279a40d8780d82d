import { curriculum, type CurriculumOptions, type CurriculumRunResult } from "../../app/curriculum.js";
import { rig, type RigResult } from "../../app/rig.js";
import { EnvriggerError } from "../../core/errors.js";
import type { JsonObject } from "../../core/json.js";
import { curriculumSettingTable, rigSettingTable } from "../../rigger/rig-settings.js";
import type { RateSummary } from "../../rigger/rig-task.js";
import type { CliIo } from "../cli-io.js";
import { COST_HEADER, costCells, formatRunCost } from "../format-cost.js";
import { fixed, formatTable } from "../format-table.js";
import { parseChoice } from "../parse-arguments.js";
import { settingsFromOptions } from "../setting-options.js";
import { watchRun } from "../watch-run.js";

/** Raw options of `envrigger curriculum` and `rig`: the settings' flags as commander read them, and how to run. */
export type CurriculumCommandOptions = Record<string, unknown> & {
  task?: string;
  reward?: string;
  out?: string;
  resume?: string;
  queue?: string;
  json?: boolean;
};

/** Render a curriculum result as a table plus where the outputs went. */
export function formatCurriculum(
  result: Pick<CurriculumRunResult, "tasks" | "notRigged" | "summary" | "runDirectory">,
): string {
  // An accept on a mixture's pooled estimate shows the figure the rule read, as the promise speaks of it.
  const rate = (summary: RateSummary | null) =>
    summary === null
      ? "-"
      : summary.pooled
        ? `${fixed(summary.pooled.successRate)} (pooled n=${summary.pooled.episodes})`
        : `${fixed(summary.successRate)} (n=${summary.episodes})`;
  const rows = result.tasks.map((task) => [
    task.taskId,
    task.outcome,
    rate(task.baseline),
    rate(task.accepted ?? task.best),
    task.revisions,
    ...costCells(task.cost),
  ]);
  const { summary } = result;
  const notRigged = result.notRigged.map((task) => `${task.taskId}: not rigged [${task.reason}] ${task.message}\n`);
  const failures = result.tasks
    .filter((task) => task.error)
    .map((task) => `${task.taskId}: the designer failed [${task.error!.code}] ${task.error!.message.split("\n")[0]}\n`);
  return (
    formatTable(["task", "outcome", "baseline success", "after", "revisions", ...COST_HEADER], rows) +
    failures.join("") +
    notRigged.join("") +
    `\n${summary.accepted} accepted, ${summary.rejected} rejected, ${summary.skipped} skipped of ${summary.tasks} tasks` +
    (summary.notRigged > 0 ? ` (${summary.notRigged} more not rigged: the run's budget was spent)` : "") +
    "; " +
    `in band before ${summary.inBandBefore}/${summary.tasks}, after ${summary.inBandAfter}/${summary.tasks} (validation estimates)\n` +
    formatRunCost(summary.cost) +
    `run: ${result.runDirectory} (run.json, result.json, events.jsonl, checkpoints/)\n`
  );
}

/**
 * The verb's options from the command line: the settings given (parsed against the table,
 * defaults left to the verb), `--reward` as the env option `reward`, and how to run.
 */
function optionsOf(options: CurriculumCommandOptions, explicit: string[], io: CliIo): CurriculumOptions {
  const given = Object.fromEntries(Object.entries(options).filter(([key]) => explicit.includes(key)));
  const settings = settingsFromOptions(given, { ...rigSettingTable, ...curriculumSettingTable });
  if (options.reward !== undefined) {
    const reward = parseChoice(options.reward, "--reward", ["hidden", "public"] as const);
    settings.envOptions = { ...(settings.envOptions ?? {}), reward } as JsonObject;
  }
  return {
    ...settings,
    cwd: io.cwd,
    ...(options.out === undefined ? {} : { out: options.out }),
    ...(options.resume === undefined ? {} : { resume: options.resume }),
    ...(options.queue === undefined ? {} : { queue: options.queue }),
  };
}

/** `envrigger curriculum`: {@link curriculum} with the command line's settings; prints the table or `--json`. */
export async function curriculumCommand(
  options: CurriculumCommandOptions,
  explicit: string[],
  io: CliIo,
): Promise<CurriculumRunResult> {
  return printedCurriculum(optionsOf(options, explicit, io), options.json, io);
}

/** Run {@link curriculum} watched from the command line and print its table (or one JSON object with `json`). */
export async function printedCurriculum(
  options: CurriculumOptions,
  json: boolean | undefined,
  io: CliIo,
): Promise<CurriculumRunResult> {
  const watch = watchRun(io, { json, out: options.out });
  try {
    const result = await curriculum({ ...options, ...watch.options });
    watch.finished(result.warnings);
    io.stdout(json ? `${JSON.stringify(result)}\n` : `${formatCurriculum(result)}${footer(result)}`);
    return result;
  } finally {
    watch.stop();
  }
}

/** `envrigger rig`: {@link rig} with the command line's settings; prints the table or `--json`. */
export async function rigCommand(options: CurriculumCommandOptions, explicit: string[], io: CliIo): Promise<RigResult> {
  if (!options.resume && !options.task)
    throw new EnvriggerError("BAD_ARGUMENT", "--task is required (or --resume runs/<id>)");
  const watch = watchRun(io, { json: options.json, out: options.out });
  try {
    const task = options.task ? { task: options.task } : {};
    const result = await rig({ ...optionsOf(options, explicit, io), ...task, ...watch.options });
    watch.finished(result.warnings);
    const {
      runId: _runId,
      runDirectory,
      report: _report,
      warnings: _warnings,
      summary,
      promise: _promise,
      ...entry
    } = result;
    const table = formatCurriculum({ tasks: [entry], notRigged: [], summary, runDirectory });
    io.stdout(options.json ? `${JSON.stringify(result)}\n` : `${table}${footer(result)}`);
    return result;
  } finally {
    watch.stop();
  }
}

/** The lines under the table: what the run promises, and where its report is. */
function footer(result: Pick<CurriculumRunResult, "promise" | "report">): string {
  return `promise: ${result.promise.text}\n${result.report ? `report: ${result.report}\n` : ""}`;
}
