import type { TopLevelSpec } from "vega-lite";
import { chartPalette, colorScaleOf } from "./chart-palette.js";
import { taskLabelAngle } from "./task-label-angle.js";

/** One point of an estimate chart: a task's estimate in one phase, with its 95% interval when known. */
export interface EstimateRow {
  task: string;
  phase: keyof typeof chartPalette.phases;
  value: number;
  low: number | null;
  high: number | null;
  episodes: number;
}

/** Options of {@link estimateChartSpec}. */
export interface EstimateChartOptions {
  title: string;
  axisTitle: string;
  rows: EstimateRow[];
  /** Tasks left to right. */
  taskOrder: string[];
  /** The target band, shaded behind the points. */
  band?: [number, number];
  /** Fixed y domain (e.g. [0, 1] for rates). */
  domain?: [number, number];
}

/**
 * A Vega-Lite chart of per-task estimates, baseline beside after-rigging: a point per
 * phase with a rule over its 95% interval, and the target band shaded across the chart.
 */
export function estimateChartSpec(options: EstimateChartOptions): TopLevelSpec {
  const y = {
    type: "quantitative" as const,
    title: options.axisTitle,
    scale: options.domain ? { domain: options.domain } : { zero: true },
  };
  const x = {
    field: "task",
    type: "nominal" as const,
    title: null,
    sort: options.taskOrder,
    axis: { labelAngle: taskLabelAngle(options.taskOrder), labelLimit: 160 },
  };
  const colors = colorScaleOf(
    chartPalette.phases,
    options.rows.map((row) => row.phase),
  );
  const xOffset = { field: "phase", type: "nominal" as const, scale: { domain: colors.domain } };
  const color = { field: "phase", type: "nominal" as const, title: "phase", scale: colors };
  const band = options.band
    ? [
        {
          data: { values: [{ low: options.band[0], high: options.band[1] }] },
          mark: { type: "rect" as const, color: chartPalette.band, opacity: 0.14 },
          encoding: { y: { ...y, field: "low" }, y2: { field: "high" } },
        },
      ]
    : [];
  return {
    title: options.title,
    width: { step: 30 },
    height: 240,
    layer: [
      ...band,
      {
        data: { values: options.rows },
        layer: [
          {
            mark: { type: "rule", strokeWidth: 2 },
            encoding: { x, xOffset, y: { ...y, field: "low" }, y2: { field: "high" }, color },
          },
          {
            mark: { type: "point", filled: true, size: 70 },
            encoding: { x, xOffset, y: { ...y, field: "value" }, color },
          },
        ],
      },
    ],
  };
}
