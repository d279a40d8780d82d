import { doseFor, fitDoseResponse, fittedRateAt, type DoseResponseFit } from "./dose-response.js";

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

/** The baseline's share (of successes, or of failures) below this is read as this (a ratio to nothing says nothing). */
const LOWEST_BASELINE = 0.01;

/**
 * Which way the template moves the task: `harder` keeps a share of the baseline's successes,
 * `easier` a share of its failures; either share falls from 1 as the knob goes from neutral
 * to strongest.
 */
export type DoseSide = "harder" | "easier";

/** What share of the baseline's successes (harder) or failures (easier) a measured rate kept. */
function shareOf(rate: number, baselineRate: number, side: DoseSide): number {
  const [kept, base] = side === "harder" ? [rate, baselineRate] : [1 - rate, 1 - baselineRate];
  return Math.min(1, kept / Math.max(base, LOWEST_BASELINE));
}

/**
 * A template's dose-response shared across the tasks of a run: success as a share of each
 * task's own baseline rate (`harder`; for a template that makes tasks `easier`, failure as a
 * share of the baseline's failures), non-increasing in the knob's position (0 neutral → 1 strongest),
 * fitted by weighted isotonic regression ({@link fitDoseResponse}) over every probe — the
 * neutral point at share 1. Tasks of one env share the curve up to their baseline, which
 * scales it, and a shift of the knob, which a task's own probes measure
 * ({@link aimSharedDose}).
 */
export function fitSharedDoseResponse(probes: readonly RelativeProbe[], side: DoseSide = "harder"): DoseResponseFit {
  return fitDoseResponse(
    [
      { magnitude: 0, successes: 1, episodes: 1 },
      ...probes.map((probe) => ({
        magnitude: probe.position,
        // The measured share of the task's baseline, in the probe's own episodes.
        successes: shareOf(probe.successes / probe.episodes, probe.baselineRate, side) * probe.episodes,
        episodes: probe.episodes,
      })),
    ],
    "larger",
  );
}

/**
 * The knob position whose predicted success on this task is `rate`: where the shared curve
 * (of `side`, default `harder`) crosses `rate` as a share of this task's baseline, moved by the task's shift — the mean,
 * weighted by episodes, of how far each of the task's own probes of the template (`own`)
 * lies from where the curve puts its measured share. Clamped into [0, 1]. Null when the
 * curve was not measured across that share (every probe on one side of it) or the rate lies
 * on the baseline's other side (a `harder` template cannot raise it, an `easier` one lower it).
 */
export function aimSharedDose(
  fit: DoseResponseFit,
  aim: { baselineRate: number; rate: number; own?: readonly RelativeProbe[]; side?: DoseSide },
): number | null {
  const side = aim.side ?? "harder";
  // A template moves the rate one way only: an aim on the baseline's other side is out of its reach.
  if (side === "harder" ? aim.rate >= aim.baselineRate : aim.rate <= aim.baselineRate) return null;
  const crossing = doseFor(fit, shareOf(aim.rate, aim.baselineRate, side));
  if (crossing === null) return null;
  let shift = 0;
  let weight = 0;
  for (const probe of aim.own ?? []) {
    const where = doseFor(fit, shareOf(probe.successes / probe.episodes, aim.baselineRate, side));
    if (where === null) continue;
    shift += probe.episodes * (probe.position - where);
    weight += probe.episodes;
  }
  return Math.min(1, Math.max(0, crossing + (weight === 0 ? 0 : shift / weight)));
}

/** A probe with the task it was measured on (the prior's leave-one-task-out check reads it). */
export interface TaskProbe extends RelativeProbe {
  task: string;
}

/**
 * The success rate the shared curve predicts on a task of baseline `baselineRate` at knob
 * `position` (its share of the baseline's successes, or of its failures, mapped back to a
 * rate). Null outside the positions the curve was measured across.
 */
export function predictSharedRate(
  fit: DoseResponseFit,
  at: { baselineRate: number; position: number; side?: DoseSide },
): number | null {
  const fitted = fittedRateAt(fit, at.position, "larger");
  if (fitted === null) return null;
  return (at.side ?? "harder") === "harder" ? fitted.rate * at.baselineRate : 1 - fitted.rate * (1 - at.baselineRate);
}

/** The between-task variance of a prediction is never read as below this (a standard deviation of 0.05). */
const LEAST_PREDICTION_VARIANCE = 0.0025;

/**
 * The shared curve's prediction of a first candidate's success on this task as prior
 * evidence for the decision rule: `rate` at the aim with the weight of `episodes`
 * pseudo-episodes — as many as make a Beta prior whose variance is how far the curve's
 * predictions actually missed on this run. That miss is measured leave-one-task-out: each
 * earlier task's probes predicted by the curve of the other tasks' probes, the squared error
 * less the probes' own sampling variance (never below a standard deviation of 0.05). Tasks
 * that share the curve closely earn a heavy prior; tasks whose curves differ, a light one or
 * none. Null with fewer than `minTasks` tasks predicted so, or when the aim lies outside what
 * the curve measured. The rule caps the weight (`DecisionPolicy.aimPriorEpisodes`, and the
 * candidate's own episodes).
 */
export function sharedDosePrior(
  probes: readonly TaskProbe[],
  aim: { baselineRate: number; position: number; side?: DoseSide; minTasks?: number },
): { rate: number; episodes: number } | null {
  const side = aim.side ?? "harder";
  const rate = predictSharedRate(fitSharedDoseResponse(probes, side), { ...aim, side });
  if (rate === null) return null;
  let squaredError = 0;
  let sampling = 0;
  let predicted = 0;
  const tasks = new Set<string>();
  for (const task of new Set(probes.map((probe) => probe.task))) {
    const others = fitSharedDoseResponse(
      probes.filter((probe) => probe.task !== task),
      side,
    );
    for (const probe of probes.filter((each) => each.task === task)) {
      const expected = predictSharedRate(others, { baselineRate: probe.baselineRate, position: probe.position, side });
      if (expected === null) continue;
      squaredError += (probe.successes / probe.episodes - expected) ** 2;
      sampling += (expected * (1 - expected)) / probe.episodes;
      predicted += 1;
      tasks.add(task);
    }
  }
  if (tasks.size < (aim.minTasks ?? 3)) return null;
  const variance = Math.max(LEAST_PREDICTION_VARIANCE, (squaredError - sampling) / predicted);
  const episodes = Math.floor((rate * (1 - rate)) / variance - 1);
  return episodes >= 1 ? { rate, episodes } : null;
}
