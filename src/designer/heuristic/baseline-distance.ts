import type { DesignContext } from "../designer.js";
import { bandDistance } from "./band-distance.js";

/** The middle of the success band (0.5 without one): where calibration aims. */
export function bandMiddle(context: DesignContext): number {
  const band = context.target.successBand;
  return band ? (band[0] + band[1]) / 2 : 0.5;
}

/**
 * The baseline's signed distance to the target: success to the success band when there is
 * one, else mean turns to the steps band (0 inside, or without a band). The decision rule's
 * distances are measured the same way, so the two can be compared.
 */
export function baselineDistance(context: DesignContext): number {
  const { stats } = context.baseline;
  if (context.target.successBand) return bandDistance(stats.successRate, context.target.successBand);
  if (context.target.stepsBand) return bandDistance(stats.meanTurns, context.target.stepsBand);
  return 0;
}
