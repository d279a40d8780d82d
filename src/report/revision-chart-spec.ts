import type { TopLevelSpec } from "vega-lite";
import { chartPalette, colorScaleOf } from "./chart-palette.js";

/** One column of a revision chart: the baseline or one revision, and what the rule decided. */
export interface RevisionRow {
  label: string;
  kind: "baseline" | keyof typeof chartPalette.decisions;
  /** Null for a candidate that never ran (refused at check). */
  value: number | null;
  low: number | null;
  high: number | null;
}

/** Options of {@link revisionChartSpec}. */
export interface RevisionChartOptions {
  title: string;
  axisTitle: string;
  rows: RevisionRow[];
  band?: [number, number];
  domain?: [number, number];
}

/**
 * A Vega-Lite chart of one task's search: the baseline and then every revision left to
 * right, each measured revision a point with its 95% interval coloured by the rule's
 * decision, and the target band shaded. Revisions that never ran keep their column, empty.
 */
export function revisionChartSpec(options: RevisionChartOptions): TopLevelSpec {
  const colors = { baseline: chartPalette.phases.baseline, ...chartPalette.decisions };
  const y = {
    type: "quantitative" as const,
    title: options.axisTitle,
    scale: options.domain ? { domain: options.domain } : { zero: true },
  };
  const x = {
    field: "label",
    type: "ordinal" as const,
    title: null,
    scale: { domain: options.rows.map((row) => row.label) },
    axis: { labelAngle: 0 },
  };
  const measured = options.rows.filter((row) => row.value !== null);
  const color = {
    field: "kind",
    type: "nominal" as const,
    title: "decision",
    scale: colorScaleOf(
      colors,
      measured.map((row) => row.kind),
    ),
  };
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
    width: { step: 52 },
    height: 170,
    layer: [
      ...band,
      {
        data: { values: measured },
        layer: [
          {
            mark: { type: "rule", strokeWidth: 2 },
            encoding: { x, y: { ...y, field: "low" }, y2: { field: "high" }, color },
          },
          { mark: { type: "point", filled: true, size: 70 }, encoding: { x, y: { ...y, field: "value" }, color } },
        ],
      },
    ],
  };
}
