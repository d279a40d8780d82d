import { curriculum, type CurriculumOptions, type CurriculumRunResult } from "../../app/curriculum.js";
import { rig, type RigResult } from "../../app/rig.js";
import { EnvriggerError } from "../../core/errors.js";
import type { JsonObject } from "../../core/json.js";
import { curriculumSettingTable, rigSettingTable } from "../../rigger/rig-settings.js";
import type { CliIo } from "../cli-io.js";
import { COST_HEADER, costCells, formatRunCost } from "../format-cost.js";
import { fixed, formatTable } from "../format-table.js";
import { parseChoice } from "../parse-arguments.js";
import { createProgress } from "../progress.js";
import { settingsFromOptions } from "../setting-options.js";
import { handleInterrupts } from "../interrupt.js";
import { interruptedRunMessage } from "../resume-command.js";
import { noteUnfinishedRun } from "../unfinished-run-note.js";

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
  const rate = (summary: { successRate: number; episodes: number } | null) =>
    summary ? `${fixed(summary.successRate)} (n=${summary.episodes})` : "-";
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

/** What {@link withProgress} hands the verb: progress, the start note and the signal a Ctrl-C aborts. */
type WatchOptions = Required<Pick<CurriculumOptions, "onProgress" | "onStart" | "signal">>;

/**
 * Run `curriculum`/`rig` with a progress bar on a terminal; prints the warnings. A new run
 * without `--out` first notes an unfinished run of the same command (and how to continue
 * it). On SIGINT/SIGTERM: the bar stops, the run is aborted, the terminal is restored, a
 * line names the command that resumes the run, and the process exits 130/143.
 */
async function withProgress<T extends { warnings: string[] }>(
  io: CliIo,
  options: { json: boolean | undefined; out: string | undefined },
  run: (watch: WatchOptions) => Promise<T>,
): Promise<T> {
  const progress = createProgress(io, !options.json);
  const controller = new AbortController();
  let runDirectory: string | null = null;
  const stopHandlingInterrupts = handleInterrupts({
    stderr: io.stderr,
    interactive: io.interactive,
    stop: () => {
      progress.stop();
      controller.abort();
    },
    message: () =>
      runDirectory === null ? "the run stopped before it wrote anything" : interruptedRunMessage(runDirectory, io.cwd),
  });
  let started = false;
  try {
    const result = await run({
      signal: controller.signal,
      onStart: (start) => {
        runDirectory = start.runDirectory;
        if (!start.resumed && options.out === undefined) noteUnfinishedRun(start.config, start.runDirectory, io);
      },
      onProgress: ({ done, total }) => {
        if (!started) progress.start(total, "tasks");
        started = true;
        progress.update(done);
      },
    });
    progress.stop();
    for (const warning of result.warnings) io.stderr(`warning: ${warning}\n`);
    return result;
  } finally {
    stopHandlingInterrupts();
    progress.stop();
  }
}

/** `envrigger curriculum`: {@link curriculum} with the command line's settings; prints the table or `--json`. */
export async function curriculumCommand(
  options: CurriculumCommandOptions,
  explicit: string[],
  io: CliIo,
): Promise<CurriculumRunResult> {
  return printedCurriculum(optionsOf(options, explicit, io), options.json, io);
}

/** Run {@link curriculum} with a progress bar and print its table (or one JSON object with `json`). */
export async function printedCurriculum(
  options: CurriculumOptions,
  json: boolean | undefined,
  io: CliIo,
): Promise<CurriculumRunResult> {
  const result = await withProgress(io, { json, out: options.out }, (watch) => curriculum({ ...options, ...watch }));
  io.stdout(
    json
      ? `${JSON.stringify(result)}\n`
      : formatCurriculum(result) +
          `promise: ${result.promise.text}\n` +
          (result.report ? `report: ${result.report}\n` : ""),
  );
  return result;
}

/** `envrigger rig`: {@link rig} with the command line's settings; prints the table or `--json`. */
export async function rigCommand(options: CurriculumCommandOptions, explicit: string[], io: CliIo): Promise<RigResult> {
  if (!options.resume && !options.task)
    throw new EnvriggerError("BAD_ARGUMENT", "--task is required (or --resume runs/<id>)");
  const result = await withProgress(io, { json: options.json, out: options.out }, (watch) =>
    rig({ ...optionsOf(options, explicit, io), ...(options.task ? { task: options.task } : {}), ...watch }),
  );
  const { runId: _runId, runDirectory, report, warnings: _warnings, summary, promise, ...task } = result;
  io.stdout(
    options.json
      ? `${JSON.stringify(result)}\n`
      : formatCurriculum({ tasks: [task], notRigged: [], summary, runDirectory }) +
          `promise: ${promise.text}\n` +
          (report ? `report: ${report}\n` : ""),
  );
  return result;
}
