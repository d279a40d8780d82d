import type { Trajectory } from "../../core/trajectory.js";
import { isSuccess } from "../../rollout/summarize.js";
import type { Target } from "../target.js";
import { bandDistance } from "./band-distance.js";
import { formatSuccess } from "./format-success.js";
import type { WeaknessDetector } from "./weakness-detector.js";

function bandOf(target: Target): [number, number] | null {
  return target.successBand ? [target.successBand[0], target.successBand[1]] : null;
}

/**
 * A detector of success outside the target band on one side: `success-above-band` (the
 * env is too lenient for this policy; an episode "shows" it by succeeding) or
 * `success-below-band` (too hard; an episode shows it by failing). Severity grows with the
 * distance to the band (1 at a distance of 0.5).
 */
export function successBandDetector(side: "above" | "below"): WeaknessDetector {
  const id = `success-${side}-band`;
  return {
    id,
    summary:
      side === "above" ? "succeeds more often than the target band" : "fails more often than the target band allows",
    patterns:
      side === "above"
        ? [/\b(too easy|succeeds too|always (succeeds|solves)|trivial)\b/]
        : [/\b(too hard|fails? (too often|most|the task)|low success|never (succeeds|solves))\b/],
    detect(input, force = false) {
      const band = bandOf(input.target);
      if (!band || input.stats.episodes === 0) return null;
      const distance = bandDistance(input.stats.successRate, band);
      if (!force && (side === "above" ? distance <= 0 : distance >= 0)) return null;
      return {
        id,
        evidence: `${formatSuccess(input.stats)} is ${side} the target band [${band[0]}, ${band[1]}] by ${Math.abs(distance).toFixed(2)}`,
        severity: Math.min(1, Math.abs(distance) / 0.5),
      };
    },
    shows: (trajectory: Trajectory) => (side === "above" ? isSuccess(trajectory) : !isSuccess(trajectory)),
  };
}
