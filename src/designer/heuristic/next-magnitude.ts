import type { TemplateKnob } from "./harness-template.js";

/** A magnitude that was validated, and which way the env then still had to move. */
export interface MagnitudeProbe {
  magnitude: number;
  need: "harder" | "easier";
}

/** Continuous knobs stop when the bracket is narrower than this. */
export const MINIMUM_BRACKET = 0.02;

/**
 * Bisection of a template's knob. On a "hardness" axis (the knob itself when larger is
 * harder, its negation otherwise), probes that were still too easy bound the search from
 * below and probes that were too hard bound it from above. The knob's neutral value (no
 * effect) counts as a probe on the baseline's side; a missing bound is the knob's strongest
 * value, which may itself be tried. Returns the middle of the bracket — for integer knobs
 * the nearest untried integer strictly inside it — or null when there is no room left (or
 * the probes contradict each other).
 */
export function nextMagnitude(knob: TemplateKnob, probes: readonly MagnitudeProbe[], baselineNeed: "harder" | "easier"): number | null {
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
  const inside = (value: number) => (value > low || (!lowKnown && value === low)) && (value < high || (!highKnown && value === high)) && !tried.has(value);
  const middle = (low + high) / 2;
  if (knob.integer) {
    const candidates = [Math.round(middle), Math.floor(middle), Math.ceil(middle), Math.round(high), Math.round(low)];
    const found = candidates.find(inside);
    return found === undefined ? null : knob.harderWhen === "larger" ? found : -found;
  }
  if (high - low < MINIMUM_BRACKET) return null;
  const value = tried.has(middle) ? null : middle;
  return value === null ? null : knob.harderWhen === "larger" ? value : -value;
}
