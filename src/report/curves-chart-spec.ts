import type { TopLevelSpec } from "vega-lite";
import type { LearningCurves } from "../run-format/learning-curves-schema.js";

/** A Vega-Lite line chart of a run's learning curves (`curves.json`): one line per series. */
export function curvesChartSpec(curves: LearningCurves): TopLevelSpec {
  const rows = curves.series.flatMap((series) =>
    series.points.map((point) => ({ series: series.name, step: point.step, value: point.value })),
  );
  return {
    title: "Learning curves",
    width: 560,
    height: 240,
    data: { values: rows },
    mark: { type: "line", point: true },
    encoding: {
      x: { field: "step", type: "quantitative", title: "step" },
      y: { field: "value", type: "quantitative", title: "value" },
      // Series names are sentences ("harness: mean held-out public pass"): show them whole.
      color: {
        field: "series",
        type: "nominal",
        title: "series",
        sort: curves.series.map((series) => series.name),
        legend: { labelLimit: 360 },
      },
    },
  };
}
