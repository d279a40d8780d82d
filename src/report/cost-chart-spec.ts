import type { TopLevelSpec } from "vega-lite";
import { chartPalette, colorScaleOf } from "./chart-palette.js";
import { taskAxis } from "./task-label-angle.js";

/** Rollouts one task spent in one phase: observing the unmodified env, or validating candidates. */
export interface CostRow {
  task: string;
  phase: keyof typeof chartPalette.costPhases;
  rollouts: number;
}

/**
 * A Vega-Lite chart of what rigging cost per task: rollouts spent, stacked by phase (the
 * baseline, then every candidate's validation and confirmation batches).
 */
export function costChartSpec(rows: CostRow[], taskOrder: string[]): TopLevelSpec {
  const scale = colorScaleOf(
    chartPalette.costPhases,
    rows.map((row) => row.phase),
  );
  return {
    title: "Rollouts spent per task",
    width: { step: 60 },
    height: 160,
    data: { values: rows.map((row) => ({ ...row, rank: scale.domain.indexOf(row.phase) })) },
    mark: { type: "bar", stroke: "#ffffff", strokeWidth: 1 },
    encoding: {
      x: taskAxis(taskOrder),
      y: { field: "rollouts", type: "quantitative", aggregate: "sum", title: "rollouts" },
      color: { field: "phase", type: "nominal", title: "spent on", scale },
      order: { field: "rank", type: "quantitative" },
    },
  };
}
