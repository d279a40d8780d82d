/** A knob value that was measured: successes among episodes there. */
export interface DosePoint {
  magnitude: number;
  successes: number;
  episodes: number;
}

/** A monotone fit: the success rate fitted at each measured magnitude, in increasing magnitude. */
export interface DoseResponseFit {
  points: ReadonlyArray<{ magnitude: number; rate: number; episodes: number }>;
}

/**
 * The monotone dose-response of a knob that is not a mixture (a turn limit, a magnitude, a
 * prefix length): success as a non-increasing function of the knob on its "harder" axis,
 * fitted across every probe of one template (and the baseline at the knob's neutral value)
 * by weighted isotonic regression (pool-adjacent-violators, each point weighted by its
 * episodes). Probes whose noise contradicts the order are pooled instead of steering the
 * search the wrong way.
 */
export function fitDoseResponse(points: readonly DosePoint[], harderWhen: "larger" | "smaller"): DoseResponseFit {
  const axis = (magnitude: number) => (harderWhen === "larger" ? magnitude : -magnitude);
  // Merge points at the same magnitude, then order along the harder axis.
  const merged = new Map<number, { successes: number; episodes: number }>();
  for (const point of points) {
    if (point.episodes <= 0) continue;
    const known = merged.get(point.magnitude) ?? { successes: 0, episodes: 0 };
    merged.set(point.magnitude, {
      successes: known.successes + point.successes,
      episodes: known.episodes + point.episodes,
    });
  }
  const ordered = [...merged.entries()]
    .map(([magnitude, tally]) => ({ magnitude, ...tally }))
    .sort((left, right) => axis(left.magnitude) - axis(right.magnitude));
  // Pool adjacent violators: along the harder axis success may only fall.
  const blocks: Array<{ members: number; successes: number; episodes: number }> = [];
  for (const point of ordered) {
    blocks.push({ members: 1, successes: point.successes, episodes: point.episodes });
    while (blocks.length > 1) {
      const last = blocks.at(-1)!;
      const previous = blocks.at(-2)!;
      if (previous.successes / previous.episodes >= last.successes / last.episodes) break;
      blocks.splice(-2, 2, {
        members: previous.members + last.members,
        successes: previous.successes + last.successes,
        episodes: previous.episodes + last.episodes,
      });
    }
  }
  const fitted: Array<{ magnitude: number; rate: number; episodes: number }> = [];
  let index = 0;
  for (const block of blocks)
    for (let member = 0; member < block.members; member += 1) {
      const point = ordered[index++]!;
      fitted.push({ magnitude: point.magnitude, rate: block.successes / block.episodes, episodes: point.episodes });
    }
  return { points: fitted };
}

/**
 * Where the fit's piecewise-linear curve (along the harder axis) crosses `rate`: between the
 * last fitted point at or above it and the first below it. Null when every point lies on one
 * side (the crossing is outside what was measured) or the fit is flat across it.
 */
export function doseFor(fit: DoseResponseFit, rate: number): number | null {
  const { points } = fit;
  for (let index = 0; index + 1 < points.length; index += 1) {
    const here = points[index]!;
    const next = points[index + 1]!;
    if (here.rate >= rate && next.rate < rate) {
      const share = here.rate === next.rate ? 0.5 : (here.rate - rate) / (here.rate - next.rate);
      return here.magnitude + share * (next.magnitude - here.magnitude);
    }
  }
  return null;
}

/**
 * The fit's success rate at `magnitude` (linear between the neighbouring fitted points) with
 * the episodes of those neighbours, the weight a prior from it may carry at most. Null
 * outside the measured range: the fit says nothing beyond it.
 */
export function fittedRateAt(
  fit: DoseResponseFit,
  magnitude: number,
  harderWhen: "larger" | "smaller",
): { rate: number; episodes: number } | null {
  const axis = (value: number) => (harderWhen === "larger" ? value : -value);
  const { points } = fit;
  for (let index = 0; index + 1 < points.length; index += 1) {
    const here = points[index]!;
    const next = points[index + 1]!;
    const [from, to, at] = [axis(here.magnitude), axis(next.magnitude), axis(magnitude)];
    if (at < from || at > to) continue;
    const share = to === from ? 0 : (at - from) / (to - from);
    return { rate: here.rate + share * (next.rate - here.rate), episodes: Math.min(here.episodes, next.episodes) };
  }
  return null;
}
