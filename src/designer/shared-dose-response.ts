import { doseFor, fitDoseResponse, type DoseResponseFit } from "./dose-response.js";

/**
 * One probe of a template measured on some task of the run: where its knob stood — as a
 * position from the knob's neutral value (0) to its strongest (1) on that task — and the
 * success measured there, beside that task's baseline success rate.
 */
export interface RelativeProbe {
  position: number;
  successes: number;
  episodes: number;
  baselineRate: number;
}

/** The measured baseline rates below this are read as this (a ratio to nothing says nothing). */
const LOWEST_BASELINE = 0.01;

/**
 * A template's dose-response shared across the tasks of a run: success as a share of each
 * task's own baseline rate, non-increasing in the knob's position (0 neutral → 1 strongest),
 * fitted by weighted isotonic regression ({@link fitDoseResponse}) over every probe — the
 * neutral point at share 1. Tasks of one env share the curve up to their baseline, which
 * scales it, and a shift of the knob, which a task's own probes measure
 * ({@link aimSharedDose}).
 */
export function fitSharedDoseResponse(probes: readonly RelativeProbe[]): DoseResponseFit {
  return fitDoseResponse(
    [
      { magnitude: 0, successes: 1, episodes: 1 },
      ...probes.map((probe) => ({
        magnitude: probe.position,
        // The measured share of the task's baseline, in the probe's own episodes.
        successes:
          Math.min(1, probe.successes / probe.episodes / Math.max(probe.baselineRate, LOWEST_BASELINE)) *
          probe.episodes,
        episodes: probe.episodes,
      })),
    ],
    "larger",
  );
}

/**
 * The knob position whose predicted success on this task is `rate`: where the shared curve
 * crosses `rate` as a share of this task's baseline, moved by the task's shift — the mean,
 * weighted by episodes, of how far each of the task's own probes of the template (`own`)
 * lies from where the curve puts its measured share. Clamped into [0, 1]. Null when the
 * curve was not measured across that share (every probe on one side of it) or the rate is
 * above the baseline (the template only makes the task harder).
 */
export function aimSharedDose(
  fit: DoseResponseFit,
  aim: { baselineRate: number; rate: number; own?: readonly RelativeProbe[] },
): number | null {
  const baseline = Math.max(aim.baselineRate, LOWEST_BASELINE);
  if (aim.rate >= baseline) return null;
  const crossing = doseFor(fit, aim.rate / baseline);
  if (crossing === null) return null;
  let shift = 0;
  let weight = 0;
  for (const probe of aim.own ?? []) {
    const where = doseFor(fit, Math.min(1, probe.successes / probe.episodes / baseline));
    if (where === null) continue;
    shift += probe.episodes * (probe.position - where);
    weight += probe.episodes;
  }
  return Math.min(1, Math.max(0, crossing + (weight === 0 ? 0 : shift / weight)));
}
