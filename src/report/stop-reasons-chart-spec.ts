import type { TopLevelSpec } from "vega-lite";
import { chartPalette, colorScaleOf } from "./chart-palette.js";

/** How many episodes of one task and phase ended for one reason. */
export interface StopReasonRow {
  /** The bar's label, e.g. `clamp-0 · baseline`. */
  label: string;
  reason: string;
  episodes: number;
}

/**
 * A Vega-Lite chart of stop-reason distributions: one horizontal bar per task and phase
 * (baseline, then after rigging), normalised to the episodes of that batch.
 */
export function stopReasonsChartSpec(rows: StopReasonRow[], labelOrder: string[]): TopLevelSpec {
  const known: readonly string[] = Object.keys(chartPalette.stopReasons);
  const others = [...new Set(rows.map((row) => row.reason).filter((reason) => !known.includes(reason)))];
  const scale = colorScaleOf(
    chartPalette.stopReasons,
    rows.map((row) => row.reason),
  );
  const domain = [...scale.domain, ...others];
  const values = rows.map((row) => ({ ...row, rank: domain.indexOf(row.reason) }));
  return {
    title: "Stop reasons, before and after rigging (share of episodes)",
    width: 420,
    height: { step: 16 },
    data: { values },
    mark: { type: "bar", stroke: "#ffffff", strokeWidth: 0.5 },
    encoding: {
      y: { field: "label", type: "nominal", title: null, sort: labelOrder, axis: { labelLimit: 220 } },
      x: {
        field: "episodes",
        type: "quantitative",
        aggregate: "sum",
        stack: "normalize",
        title: "share of episodes",
        axis: { format: "%" },
      },
      color: {
        field: "reason",
        type: "nominal",
        title: "stop reason",
        scale: { domain, range: [...scale.range, ...others.map(() => "#6b7280")] },
      },
      order: { field: "rank", type: "quantitative" },
    },
  };
}
