import { writeFileAtomic } from "../core/atomic-write.js";
import { runPaths } from "../run-format/run-paths.js";
import { learningRunKind, readLearningRun } from "./read-learning-run.js";
import { readRun } from "../curriculum/read-run.js";
import { renderReportCharts } from "./render-report-charts.js";
import { curvesChartSpec } from "./curves-chart-spec.js";
import { renderLearningReportHtml } from "./render-learning-report-html.js";
import { renderReportHtml } from "./render-report-html.js";
import { renderVegaLite } from "./render-vega-lite.js";
import { taskFigures } from "./task-figures.js";

/**
 * Write a run's report, `runs/<id>/report.html`: one self-contained HTML file (inline CSS
 * and SVG charts rendered with Vega-Lite at report time, no script, nothing fetched).
 * Works on a finished run and on one still going or stopped (it shows what the
 * checkpoints hold). A training or experiment directory (`training.json` /
 * `experiment.json`, written by `train` / `experiment`) gets its learning curves, held-out
 * numbers and co-evolution rounds instead. Throws `FILE_NOT_FOUND` when the directory is
 * none of these. The file is written atomically; returns its path.
 */
export async function writeRunReport(runDirectory: string): Promise<{ path: string }> {
  const kind = learningRunKind(runDirectory);
  if (kind !== null) {
    const record = readLearningRun(runDirectory, kind);
    const curves = record.curves?.series.some((series) => series.points.length > 0)
      ? await renderVegaLite(curvesChartSpec(record.curves))
      : null;
    const path = runPaths(runDirectory).report;
    writeFileAtomic(path, renderLearningReportHtml(record, curves));
    return { path };
  }
  const run = await readRun(runDirectory);
  const tasks = run.tasks.map((task) => ({ task, figures: taskFigures(task) }));
  const charts = await renderReportCharts(tasks, run.config.target, run.curves);
  const path = runPaths(runDirectory).report;
  writeFileAtomic(path, renderReportHtml(run, tasks, charts));
  return { path };
}
