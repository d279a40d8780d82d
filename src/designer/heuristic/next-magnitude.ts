import type { TemplateKnob } from "./harness-template.js";

/** A magnitude that was validated, and which way the env then still had to move. */
export interface MagnitudeProbe {
  magnitude: number;
  need: "harder" | "easier";
  /** The validation's success rate and how many episodes it rests on, when known. */
  success?: { rate: number; episodes: number };
}

/** What a mixture knob aims at: the success rate to reach, from the baseline's. */
export interface MixtureAim {
  /** The baseline's success rate (the knob's neutral value). */
  baselineRate: number;
  /** The success rate to aim at (the band's middle). */
  middle: number;
}

/** Continuous knobs stop when the bracket is narrower than this. */
export const MINIMUM_BRACKET = 0.02;

/**
 * The magnitude at which a mixture knob's line meets `aim.middle`. With p the fraction of
 * episodes perturbed (the knob from neutral to its mixture limit), success(p) = s₀ +
 * p·(s₁ − s₀); the slope s₁ − s₀ is fitted through the baseline point by least squares
 * over every probe within the limit with a measured success, weighting each by its
 * episodes (the sequential validation's evidence). Null without such a probe or when the
 * fitted line never reaches the aim on the knob's positive side.
 */
export function mixtureMagnitude(
  knob: TemplateKnob,
  probes: readonly MagnitudeProbe[],
  aim: MixtureAim,
): number | null {
  const span = (knob.mixtureLimit ?? knob.strongest) - knob.neutral;
  let numerator = 0;
  let denominator = 0;
  for (const probe of probes) {
    if (!probe.success || probe.success.episodes <= 0) continue;
    const fraction = (probe.magnitude - knob.neutral) / span;
    if (fraction <= 0 || fraction > 1 + 1e-9) continue;
    numerator += probe.success.episodes * fraction * (probe.success.rate - aim.baselineRate);
    denominator += probe.success.episodes * fraction * fraction;
  }
  if (denominator === 0) return null;
  const slope = numerator / denominator;
  if (Math.abs(slope) < 1e-9) return null;
  const fraction = (aim.middle - aim.baselineRate) / slope;
  return fraction > 0 ? knob.neutral + fraction * span : null;
}

/**
 * The next magnitude of a template's knob. On a "hardness" axis (the knob itself when
 * larger is harder, its negation otherwise), probes that were still too easy bound the
 * search from below and probes that were too hard bound it from above. The knob's neutral
 * value (no effect) counts as a probe on the baseline's side; a missing bound is the knob's
 * strongest value, which may itself be tried.
 *
 * A mixture knob with measured probes and an `aim` goes to where its fitted line meets the
 * band's middle ({@link mixtureMagnitude}), clamped into the bracket (beyond an open end:
 * that end); when that point is not strictly inside the bracket (noise contradicting the
 * bounds), and for every other continuous knob, it goes where the line between the success
 * measured at both ends of the bracket meets the aim (regula falsi, kept a tenth of the
 * bracket off its ends), and bisects the bracket when an end's success is unknown. Integer
 * knobs take the nearest untried integer strictly inside the bracket; with none left, a
 * `fractional` knob goes on as a continuous one between its two bracketing integers. Null
 * when there is no room left (or the probes contradict each other).
 */
export function nextMagnitude(
  knob: TemplateKnob,
  probes: readonly MagnitudeProbe[],
  baselineNeed: "harder" | "easier",
  aim?: MixtureAim,
): number | null {
  const toAxis = (value: number) => (knob.harderWhen === "larger" ? value : -value);
  const all = [{ magnitude: knob.neutral, need: baselineNeed }, ...probes];
  const easySide = all.filter((probe) => probe.need === "harder").map((probe) => toAxis(probe.magnitude));
  const hardSide = all.filter((probe) => probe.need === "easier").map((probe) => toAxis(probe.magnitude));
  const strongest = toAxis(knob.strongest);
  const weakest = toAxis(knob.neutral);
  const lowKnown = easySide.length > 0;
  const highKnown = hardSide.length > 0;
  const low = lowKnown ? Math.max(...easySide) : Math.min(strongest, weakest);
  const high = highKnown ? Math.min(...hardSide) : Math.max(strongest, weakest);
  if (low >= high && lowKnown && highKnown) return null;
  const tried = new Set(all.map((probe) => toAxis(probe.magnitude)));
  const inside = (value: number) =>
    (value > low || (!lowKnown && value === low)) &&
    (value < high || (!highKnown && value === high)) &&
    !tried.has(value);
  const middle = (low + high) / 2;
  const fromAxis = (value: number) => (knob.harderWhen === "larger" ? value : -value);
  const rateAt = (axis: number) =>
    !aim ? null : axis === weakest ? aim.baselineRate : measuredRate(probes, fromAxis(axis));
  // Regula falsi: with the success measured at both ends of the bracket, the point where the
  // line between them meets the aim, kept off the ends (a tenth of the bracket) so a curved
  // response still shrinks the bracket.
  const falsePosition = (): number | null => {
    if (!aim || !lowKnown || !highKnown) return null;
    const [lowRate, highRate] = [rateAt(low), rateAt(high)];
    if (lowRate === null || highRate === null || lowRate === highRate) return null;
    const share = (aim.middle - lowRate) / (highRate - lowRate);
    return low + Math.min(0.9, Math.max(0.1, share)) * (high - low);
  };
  if (knob.integer) {
    // Aimed first: between two measured ends, their line; with the harder end still open, the
    // line through the baseline and the easy-side probes (never past the bracket's middle) — a
    // one-turn cliff (a turn limit) is then approached from the side measured, not bisected over.
    const open = aim && lowKnown && !highKnown ? mixtureMagnitude(knob, probes, aim) : null;
    const aimed = falsePosition() ?? (open === null ? null : Math.min(middle, Math.max(low, toAxis(open))));
    const towards = aimed === null ? [] : [Math.round(aimed), Math.floor(aimed), Math.ceil(aimed)];
    const candidates = [
      ...towards,
      Math.round(middle),
      Math.floor(middle),
      Math.ceil(middle),
      Math.round(high),
      Math.round(low),
    ];
    const found = candidates.find(inside);
    if (found !== undefined) return fromAxis(found);
    // No integer left: a fractional knob goes on between its two bracketing integers.
    if (!knob.fractional || !lowKnown || !highKnown) return null;
  }
  if (high - low < MINIMUM_BRACKET) return null;
  if (knob.mixture && aim) {
    const interpolated = mixtureMagnitude(knob, probes, aim);
    const limit = knob.mixtureLimit ?? knob.strongest;
    // Past a partial mixture's limit the line says nothing: bisect there.
    const beyond =
      interpolated !== null &&
      limit !== knob.strongest &&
      (interpolated - limit) * Math.sign(knob.strongest - knob.neutral) > 0;
    if (interpolated !== null && !beyond) {
      const clamped = Math.min(high, Math.max(low, toAxis(interpolated)));
      if (inside(clamped)) return fromAxis(clamped);
    }
  }
  const point = falsePosition();
  if (point !== null && inside(point)) return fromAxis(point);
  const value = tried.has(middle) ? null : middle;
  return value === null ? null : fromAxis(value);
}

/** The success measured at `magnitude` (the probe with the most episodes there), or null. */
function measuredRate(probes: readonly MagnitudeProbe[], magnitude: number): number | null {
  let best: MagnitudeProbe["success"];
  for (const probe of probes)
    if (probe.magnitude === magnitude && probe.success && (!best || probe.success.episodes > best.episodes))
      best = probe.success;
  return best ? best.rate : null;
}
