import type { DesignContext } from "../designer.js";
import { aimSharedDose, fitSharedDoseResponse } from "../shared-dose-response.js";
import { bandMiddle } from "./baseline-distance.js";
import type { TemplatePlan } from "./harness-template.js";

/**
 * Where a template's first candidate on this task is aimed from what the run measured on its
 * earlier tasks (`context.runMeasurements`): the knob value whose success the template's
 * curve shared across the run's tasks ({@link fitSharedDoseResponse}), scaled by this task's
 * baseline, predicts at the band's middle — mapped from the knob's position (0 neutral, 1
 * strongest) onto this task's knob, rounded for an integer knob that does not mix its
 * neighbours. Null without a success band, without a measurement of this template and knob,
 * when the curve was not measured across the aim, or when the aim lands on the neutral value.
 */
export function aimedMagnitude(
  plan: Pick<TemplatePlan, "template" | "knob">,
  context: DesignContext,
): { magnitude: number; measurements: number } | null {
  if (!context.target.successBand) return null;
  const { knob } = plan;
  const baselineRate = context.baseline.stats.successRate;
  const middle = bandMiddle(context);
  // Above the middle the task must get harder: the curve of the tasks that had to, else of those that had to get easier.
  const side = middle < baselineRate ? "harder" : "easier";
  const measured = (context.runMeasurements ?? []).filter(
    (measurement) =>
      measurement.template === plan.template &&
      measurement.knob === knob.name &&
      (measurement.direction === "easier") === (side === "easier"),
  );
  if (measured.length === 0) return null;
  const position = aimSharedDose(fitSharedDoseResponse(measured, side), { baselineRate, rate: middle, side });
  if (position === null) return null;
  const exact = knob.neutral + position * (knob.strongest - knob.neutral);
  const magnitude = knob.integer && !knob.fractional ? Math.round(exact) : exact;
  return magnitude === knob.neutral ? null : { magnitude, measurements: measured.length };
}
