import type { TopLevelSpec } from "vega-lite";
import { chartPalette, colorScaleOf } from "./chart-palette.js";
import { taskAxis } from "./task-label-angle.js";

/** One candidate a designer wrote for a task, and what became of it. */
export interface CandidateRow {
  task: string;
  revision: number;
  kind: keyof typeof chartPalette.decisions;
}

/**
 * A Vega-Lite chart of the candidates written per task, stacked by what the decision rule
 * did with each (accept, refine, reject, or refused at check before it ran).
 */
export function candidatesChartSpec(rows: CandidateRow[], taskOrder: string[]): TopLevelSpec {
  return {
    title: "Candidates written per task, by decision",
    width: { step: 60 },
    height: 160,
    data: { values: rows },
    mark: { type: "bar", stroke: "#ffffff", strokeWidth: 1 },
    encoding: {
      x: taskAxis(taskOrder),
      y: { aggregate: "count", type: "quantitative", title: "candidates", axis: { tickMinStep: 1 } },
      color: {
        field: "kind",
        type: "nominal",
        title: "decision",
        scale: colorScaleOf(
          chartPalette.decisions,
          rows.map((row) => row.kind),
        ),
      },
      order: { field: "revision", type: "quantitative" },
    },
  };
}
