import { writeFileAtomic } from "../core/atomic-write.js";
import { runPaths } from "../curriculum/run-paths.js";
import { readRun } from "./read-run.js";
import { renderReportCharts } from "./render-report-charts.js";
import { renderReportHtml } from "./render-report-html.js";
import { taskFigures } from "./task-figures.js";

/**
 * Write a run's report, `runs/<id>/report.html`: one self-contained HTML file (inline CSS
 * and SVG charts rendered with Vega-Lite at report time, no script, nothing fetched).
 * Works on a finished run and on one still going or stopped (it shows what the
 * checkpoints hold). Throws `FILE_NOT_FOUND` when the directory is not a run. The file is
 * written atomically; returns its path.
 */
export async function writeRunReport(runDirectory: string): Promise<{ path: string }> {
  const run = await readRun(runDirectory);
  const tasks = run.tasks.map((task) => ({ task, figures: taskFigures(task) }));
  const charts = await renderReportCharts(tasks, run.config.target, run.curves);
  const path = runPaths(runDirectory).report;
  writeFileAtomic(path, renderReportHtml(run, tasks, charts));
  return { path };
}
