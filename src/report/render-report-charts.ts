import type { Target } from "../designer/target.js";
import { candidatesChartSpec, type CandidateRow } from "./candidates-chart-spec.js";
import type { CheckpointedTask } from "../rigger/checkpointed-task-schema.js";
import { curvesChartSpec } from "./curves-chart-spec.js";
import { costChartSpec, type CostRow } from "./cost-chart-spec.js";
import { estimateChartSpec, type EstimateRow } from "./estimate-chart-spec.js";
import type { LearningCurves } from "../run-format/learning-curves-schema.js";
import { renderVegaLite } from "./render-vega-lite.js";
import { revisionChartSpec, type RevisionRow } from "./revision-chart-spec.js";
import { stopReasonsChartSpec, type StopReasonRow } from "./stop-reasons-chart-spec.js";
import type { Estimate, TaskFigures } from "./task-figures.js";

/** The report's charts as SVG documents (null when there is nothing to chart). */
export interface ReportCharts {
  success: string | null;
  /** Only when the target has a steps band. */
  steps: string | null;
  candidates: string | null;
  stopReasons: string | null;
  /** Rollouts per task (tasks whose checkpoints hold a cost). */
  cost: string | null;
  curves: string | null;
  /** Per task id: its revision charts (success, and mean steps with a steps band). */
  revisions: Map<string, string[]>;
}

/** One task with its figures, in report order. */
export interface FiguredTask {
  task: CheckpointedTask;
  figures: TaskFigures;
}

function estimateRows(tasks: FiguredTask[], metric: "success" | "steps"): EstimateRow[] {
  return tasks.flatMap(({ task, figures }) => {
    const rows: EstimateRow[] = [];
    if (figures.baseline) rows.push({ task: task.config.taskId, phase: "baseline", ...figures.baseline[metric] });
    if (figures.after) rows.push({ task: task.config.taskId, phase: figures.after.phase, ...figures.after[metric] });
    return rows;
  });
}

function revisionRows({ task, figures }: FiguredTask, metric: "success" | "steps"): RevisionRow[] {
  const point = (estimate: Estimate) => ({ value: estimate.value, low: estimate.low, high: estimate.high });
  const rows: RevisionRow[] = figures.baseline
    ? [{ label: "baseline", kind: "baseline", ...point(figures.baseline[metric]) }]
    : [];
  for (const attempt of task.attempts) {
    const label = `#${attempt.revision}`;
    if (!attempt.stats || !attempt.decision) {
      rows.push({ label, kind: "refused at check", value: null, low: null, high: null });
    } else if (metric === "success") {
      rows.push({
        label,
        kind: attempt.decision.decision,
        value: attempt.stats.successRate,
        low: attempt.stats.successInterval[0],
        high: attempt.stats.successInterval[1],
      });
    } else {
      // Only the accepted batch keeps every trajectory, so only it has a steps interval.
      const accepted =
        attempt.decision.decision === "accept" && figures.after?.phase === "accepted" ? figures.after.steps : null;
      rows.push({
        label,
        kind: attempt.decision.decision,
        value: attempt.stats.meanTurns,
        low: accepted?.low ?? null,
        high: accepted?.high ?? null,
      });
    }
  }
  return rows;
}

function stopReasonRows(tasks: FiguredTask[]): { rows: StopReasonRow[]; labels: string[] } {
  const rows: StopReasonRow[] = [];
  const labels: string[] = [];
  for (const { task, figures } of tasks) {
    for (const [phase, batch] of [
      ["baseline", figures.baseline],
      [figures.after?.phase ?? "after", figures.after],
    ] as const) {
      if (!batch) continue;
      const label = `${task.config.taskId} · ${phase}`;
      labels.push(label);
      for (const [reason, episodes] of Object.entries(batch.stopReasons)) rows.push({ label, reason, episodes });
    }
  }
  return { rows, labels };
}

/**
 * Render every chart of a run's report with Vega-Lite: success per task (baseline vs
 * after, 95% intervals, the success band shaded), mean steps the same way when the target
 * has a steps band, candidates per task by decision, stop reasons before and after, the
 * rollouts each task spent (baseline, candidates), each
 * task's revisions, and the learning curves when the run has them.
 */
export async function renderReportCharts(
  tasks: FiguredTask[],
  target: Target,
  curves: LearningCurves | null,
): Promise<ReportCharts> {
  const taskOrder = tasks.map(({ task }) => task.config.taskId);
  const measured = tasks.filter(({ figures }) => figures.baseline !== null);
  const success =
    measured.length === 0
      ? null
      : await renderVegaLite(
          estimateChartSpec({
            title: "Success rate per task",
            axisTitle: "success rate",
            rows: estimateRows(measured, "success"),
            taskOrder,
            band: target.successBand,
            domain: [0, 1],
          }),
        );
  const steps =
    measured.length === 0 || !target.stepsBand
      ? null
      : await renderVegaLite(
          estimateChartSpec({
            title: "Mean steps per task",
            axisTitle: "mean policy steps",
            rows: estimateRows(measured, "steps"),
            taskOrder,
            band: target.stepsBand,
          }),
        );
  const candidateRows: CandidateRow[] = tasks.flatMap(({ task }) =>
    task.attempts.map((attempt) => ({
      task: task.config.taskId,
      revision: attempt.revision,
      kind: attempt.decision?.decision ?? "refused at check",
    })),
  );
  const candidates =
    candidateRows.length === 0 ? null : await renderVegaLite(candidatesChartSpec(candidateRows, taskOrder));
  const stops = stopReasonRows(measured);
  const stopReasons =
    stops.rows.length === 0 ? null : await renderVegaLite(stopReasonsChartSpec(stops.rows, stops.labels));
  const costs: CostRow[] = tasks.flatMap(({ task }) => {
    if (!task.cost) return [];
    const baselineStats = task.baseline?.stats;
    const baseline = Math.min(task.cost.rollouts, baselineStats ? baselineStats.episodes + baselineStats.errored : 0);
    return [
      { task: task.config.taskId, phase: "baseline" as const, rollouts: baseline },
      { task: task.config.taskId, phase: "candidates" as const, rollouts: task.cost.rollouts - baseline },
    ];
  });
  const cost = costs.length === 0 ? null : await renderVegaLite(costChartSpec(costs, taskOrder));
  const revisions = new Map<string, string[]>();
  for (const figured of tasks) {
    if (figured.task.attempts.length === 0) continue;
    const charts = [
      await renderVegaLite(
        revisionChartSpec({
          title: "Success by revision",
          axisTitle: "success rate",
          rows: revisionRows(figured, "success"),
          band: target.successBand,
          domain: [0, 1],
        }),
      ),
    ];
    if (target.stepsBand)
      charts.push(
        await renderVegaLite(
          revisionChartSpec({
            title: "Mean steps by revision",
            axisTitle: "mean policy steps",
            rows: revisionRows(figured, "steps"),
            band: target.stepsBand,
          }),
        ),
      );
    revisions.set(figured.task.config.taskId, charts);
  }
  const curvesSvg = curves?.series.some((series) => series.points.length > 0)
    ? await renderVegaLite(curvesChartSpec(curves))
    : null;
  return { success, steps, candidates, stopReasons, cost, curves: curvesSvg, revisions };
}
