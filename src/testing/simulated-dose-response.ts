import { createRng } from "../core/seeding.js";
import { doseFor, fitDoseResponse, fittedRateAt, type DosePoint } from "../designer/dose-response.js";
import type { Target } from "../designer/target.js";
import type { DecisionPolicy } from "../rigger/decision-rule.js";
import { calibrationFigures, type SimulatedMixtureCalibration } from "./simulated-mixture.js";
import { simulateValidation } from "./simulated-validation.js";

/**
 * How the simulated designer aims a knob that is not a mixture:
 * - `bracket`: the heuristic designer's search today — between the nearest probes on both
 *   sides of the band's middle, where the line through their measured rates meets it (kept a
 *   tenth of the bracket off its ends); with one side open, the least-squares line through the
 *   baseline and the probes;
 * - `isotonic`: where the monotone fit across every probe and the baseline crosses the middle
 *   ({@link fitDoseResponse}), else as `bracket`;
 * - `isotonic-prior`: aimed as `isotonic`, and the fit of the earlier probes at the new value
 *   is the rule's prior (at most 20 pseudo-episodes, never more than the candidate's own).
 */
export type DoseAim = "bracket" | "isotonic" | "isotonic-prior";

/**
 * Tasks of one template with a monotone knob x ∈ [0, 1] that is not a mixture (a turn limit, a
 * magnitude): success off ~ U[0.65, 0.98] at x = 0 (the baseline), on ~ U[0, 0.3] at x = 1, and
 * between them a logistic step of random midpoint (0.2–0.8) and steepness (4–24) — a cliff like a
 * turn limit's at the steep end. Up to `candidates` candidates, each validated by the real
 * {@link decide} in batches of 5, the next aimed by `aim`. Seeded.
 */
export function simulateDoseResponseCalibration(
  policy: DecisionPolicy,
  aim: DoseAim,
  options: { tasks: number; seed: number; candidates?: number; baselineEpisodes?: number },
): SimulatedMixtureCalibration {
  const band: [number, number] = [0.4, 0.6];
  const target: Target = { successBand: band };
  const middle = 0.5;
  const random = createRng(options.seed).next;
  const baselineEpisodes = options.baselineEpisodes ?? 20;
  const counts = { tasks: options.tasks, accepted: 0, trulyIn: 0, rollouts: 0, worst: 0 };
  for (let task = 0; task < options.tasks; task += 1) {
    const off = 0.65 + 0.33 * random();
    const on = 0.3 * random();
    const midpoint = 0.2 + 0.6 * random();
    const steepness = 4 + 20 * random();
    const logistic = (x: number) => 1 / (1 + Math.exp(-steepness * (x - midpoint)));
    const [at0, at1] = [logistic(0), logistic(1)];
    const rateAt = (x: number) => off + (on - off) * ((logistic(x) - at0) / (at1 - at0));
    let baselineSuccesses = 0;
    for (let index = 0; index < baselineEpisodes; index += 1) if (random() < off) baselineSuccesses += 1;
    const points: DosePoint[] = [{ magnitude: 0, successes: baselineSuccesses, episodes: baselineEpisodes }];
    const observedOff = baselineSuccesses / baselineEpisodes;
    let x = Math.min(0.98, Math.max(0.02, (observedOff - middle) / Math.max(observedOff, 0.01)));
    let spent = 0;
    for (let candidate = 0; candidate < (options.candidates ?? 6); candidate += 1) {
      const rate = rateAt(x);
      const fit = aim === "isotonic-prior" && points.length > 1 ? fitDoseResponse(points, "larger") : undefined;
      const fitted = fit ? fittedRateAt(fit, x, "larger") : null;
      const prior = fitted ? { rate: fitted.rate, episodes: Math.min(20, fitted.episodes) } : undefined;
      const validation = simulateValidation(rate, target, policy, random, 5, prior ? { prior } : {});
      const { episodes, decision } = validation;
      const successes = Math.round(validation.estimate * episodes);
      spent += episodes;
      if (decision === "accept") {
        counts.accepted += 1;
        if (rate >= band[0] && rate <= band[1]) counts.trulyIn += 1;
        break;
      }
      points.push({ magnitude: x, successes, episodes });
      x = nextDose(points, aim, middle);
    }
    counts.rollouts += spent;
    counts.worst = Math.max(counts.worst, spent);
  }
  return calibrationFigures(counts);
}

/** The next knob value the simulated designer aims at (see {@link DoseAim}); `points[0]` is the baseline at 0. */
export function nextDose(points: readonly DosePoint[], aim: DoseAim, middle: number): number {
  const clamp = (value: number) => Math.min(1, Math.max(0.02, value));
  if (aim !== "bracket") {
    const crossing = doseFor(fitDoseResponse(points, "larger"), middle);
    if (crossing !== null) return clamp(crossing);
  }
  const rated = points.map((point) => ({ x: point.magnitude, rate: point.successes / point.episodes }));
  const easy = rated.filter((point) => point.rate > middle).sort((left, right) => right.x - left.x)[0];
  const hard = rated.filter((point) => point.rate <= middle).sort((left, right) => left.x - right.x)[0];
  if (easy && hard && hard.x > easy.x) {
    const share = easy.rate === hard.rate ? 0.5 : (easy.rate - middle) / (easy.rate - hard.rate);
    return clamp(easy.x + Math.min(0.9, Math.max(0.1, share)) * (hard.x - easy.x));
  }
  // One side open: the least-squares line through the baseline and the probes, weighted by episodes.
  const baseline = rated[0]!.rate;
  let numerator = 0;
  let denominator = 0;
  points.slice(1).forEach((point) => {
    numerator += point.episodes * point.magnitude * (point.successes / point.episodes - baseline);
    denominator += point.episodes * point.magnitude ** 2;
  });
  const slope = denominator === 0 ? 0 : numerator / denominator;
  return slope >= 0 ? 1 : clamp((middle - baseline) / slope);
}
