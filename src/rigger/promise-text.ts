import type { Target } from "../designer/target.js";
import type { DecisionRuleName } from "./decision-policy.js";

/** The settings of a run that say what an accepted (or skipped) task is promised. */
export interface PromiseSettings {
  target: Target;
  rule: DecisionRuleName;
  confidence: number;
  tolerance: number;
  stepsTolerance: number;
  checkRollouts: number;
  k: number;
}

/** A number as given, without a float's trailing noise (0.35, not 0.35000000000000003). */
function plain(value: number): string {
  return String(Number(value.toFixed(6)));
}

function widened(band: readonly [number, number], by: number, floor: number, ceiling: number): string {
  return `[${plain(Math.max(floor, band[0] - by))}, ${plain(Math.min(ceiling, band[1] + by))}]`;
}

/**
 * What the run promises of an accepted or skipped task, in one line (the table's and the
 * report's settings line), e.g. "true success rate in [0.35, 0.65] with probability ≥ 0.9
 * and measured in [0.4, 0.6] (tolerance 0.05)".
 */
export function promiseText(settings: PromiseSettings): string {
  const { target } = settings;
  const bands = [
    target.successBand && { name: "success rate", band: target.successBand, by: settings.tolerance, ceiling: 1 },
    target.stepsBand && {
      name: "mean turns",
      band: target.stepsBand,
      by: settings.stepsTolerance,
      ceiling: Number.POSITIVE_INFINITY,
    },
  ].filter((band) => band !== undefined);
  const weakness = target.weakness ? `; weakness "${target.weakness}" decisive` : "";
  if (bands.length === 0) return `weakness "${target.weakness}" decisive`;
  if (settings.rule === "paper")
    return `the paper's rule: ${bands.map(({ name, band }) => `${name} of ${settings.k} fresh rollouts in [${band[0]}, ${band[1]}]`).join(", ")}${weakness}`;
  const subject = settings.checkRollouts > 0 ? `a fresh ${settings.checkRollouts}-rollout check's` : "true";
  return `${bands
    .map(
      ({ name, band, by, ceiling }) =>
        `${subject} ${name} in ${widened(band, by, 0, ceiling)}` +
        (by > 0 ? ` and measured in [${band[0]}, ${band[1]}] (tolerance ${plain(by)})` : ""),
    )
    .join(", ")} with probability ≥ ${settings.confidence}${weakness}`;
}
