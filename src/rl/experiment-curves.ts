import type { LearningCurves } from "../run-format/learning-curves-schema.js";
import type { HeldOutPoint } from "./evaluate-held-out.js";
import { EXPERIMENT_ARMS, type ExperimentArm } from "./experiment-arm.js";

/** What the curves read of one arm and seed of an experiment (an `ExperimentRun`). */
export interface CurveRun {
  arm: ExperimentArm;
  seed: number;
  curve: HeldOutPoint[];
  zeroVarianceFractions: number[];
}

/** The experiment's curves in the report's schema: per arm, the mean held-out success (and public pass) over seeds, and each seed's success. */
export function experimentCurves(runs: readonly CurveRun[]): LearningCurves {
  const series: LearningCurves["series"] = [];
  for (const arm of EXPERIMENT_ARMS) {
    const mine = runs.filter((run) => run.arm === arm);
    if (mine.length === 0) continue;
    const steps = [...new Set(mine.flatMap((run) => run.curve.map((point) => point.update)))].sort(
      (left, right) => left - right,
    );
    const mean = (pick: (point: HeldOutPoint) => number | null) =>
      steps.flatMap((step) => {
        const values = mine
          .map((run) => run.curve.find((point) => point.update === step))
          .filter((point): point is HeldOutPoint => point !== undefined)
          .map(pick)
          .filter((value): value is number => value !== null);
        return values.length === 0
          ? []
          : [{ step, value: values.reduce((sum, value) => sum + value, 0) / values.length }];
      });
    series.push({ name: `${arm}: mean held-out success`, points: mean((point) => point.successRate) });
    // The same against what the arm had spent in all (its x: the mean total over seeds at each evaluation).
    const spent = mean((point) => point.totalRollouts ?? null);
    if (spent.length === steps.length)
      series.push({
        name: `${arm}: mean held-out success by total rollouts`,
        points: mean((point) => point.successRate).map((point, index) => ({
          step: Math.round(spent[index]!.value),
          value: point.value,
        })),
      });
    const publicPoints = mean((point) => point.publicPassRate);
    if (publicPoints.length > 0) series.push({ name: `${arm}: mean held-out public pass`, points: publicPoints });
    const updates = Math.max(0, ...mine.map((run) => run.zeroVarianceFractions.length));
    if (updates > 0)
      series.push({
        name: `${arm}: zero-variance groups (fraction)`,
        points: Array.from({ length: updates }, (_, index) => {
          const values = mine.map((run) => run.zeroVarianceFractions[index]).filter((value) => value !== undefined);
          return { step: index + 1, value: values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length) };
        }),
      });
    for (const run of mine)
      series.push({
        name: `${arm} seed ${run.seed}: held-out success`,
        points: run.curve.map((point) => ({ step: point.update, value: point.successRate })),
      });
  }
  return { series };
}
