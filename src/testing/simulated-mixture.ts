import { createRng } from "../core/seeding.js";
import type { Target } from "../designer/target.js";
import { decide, type DecisionPolicy } from "../rigger/decision-rule.js";
import { mixturePosterior, type MixturePoint, type MixturePooling, type Tally } from "../rigger/mixture-posterior.js";
import { summarize } from "../rollout/summarize.js";
import { simulateValidation, successTrajectories as trajectories } from "./simulated-validation.js";

/**
 * How a simulated mixture template behaves (θ: the probability its perturbation is switched
 * on per episode; `off` the baseline's rate, `on` the rate with the perturbation on):
 * - `linear`: drawn at reset in every episode;
 * - `state-only`: a layer that draws only when the episode reaches some state (a fraction
 *   0.3–1 of episodes; the others are undrawn and behave like the baseline) — the draw, not
 *   whether the layer fired, splits the episodes;
 * - `non-linear`: declared a mixture, but the knob also scales the effect: an episode switched
 *   on succeeds at off + (on − off)·θ, so the rate is off + (on − off)·θ² and the on episodes
 *   of different probes disagree — only the consistency test and the fresh episodes protect the accept.
 */
export type MixtureModel = "linear" | "state-only" | "non-linear";

/** The figures of a simulated calibration of mixture templates (see {@link simulateMixtureCalibration}). */
export interface SimulatedMixtureCalibration {
  tasks: number;
  /** Fraction of tasks accepted (or, with a judged baseline, skipped). */
  accepted: number;
  acceptedTrulyInBand: number;
  tasksTrulyInBand: number;
  /** Of the accepted (and skipped), the fraction whose true rate lies in the band widened by the tolerance. */
  acceptedTrulyInPromise: number;
  /** Validation rollouts per task (the baseline's are counted apart). */
  rolloutsPerTask: number;
  worstRolloutsPerTask: number;
}

/**
 * Tasks of one mixture template, the way the heuristic designer searches it: a baseline of
 * `baselineEpisodes` (rate off ~ U[0.65, 0.98]; the perturbation's rate on ~ U[0, 0.3]),
 * the first θ aimed at the band's middle as if `on` were 0, each next θ where the line
 * through the pooled ends crosses the middle; up to `candidates` candidates, each validated
 * by the real {@link decide} in batches of 5 on the posterior of the rate at θ from the
 * episodes `pooling` names ({@link mixturePosterior}). Seeded.
 */
export function simulateMixtureCalibration(
  policy: DecisionPolicy,
  model: MixtureModel,
  options: {
    tasks: number;
    seed: number;
    pooling: MixturePooling;
    candidates?: number;
    baselineEpisodes?: number;
    /** The tolerance the promise is counted with (`acceptedTrulyInPromise`; default 0). */
    tolerance?: number;
    /** Observe the baseline under the rule (as the observe node does), count its rollouts, and skip a task it passes. */
    judgeBaseline?: boolean;
  },
): SimulatedMixtureCalibration {
  const band: [number, number] = [0.4, 0.6];
  const target: Target = { successBand: band };
  const middle = 0.5;
  const random = createRng(options.seed).next;
  const draw = (rate: number, count: number) => {
    let hits = 0;
    for (let index = 0; index < count; index += 1) if (random() < rate) hits += 1;
    return hits;
  };
  const baselineEpisodes = options.baselineEpisodes ?? 20;
  let accepted = 0;
  let trulyIn = 0;
  let trulyInPromise = 0;
  let rollouts = 0;
  let worst = 0;
  const tolerance = options.tolerance ?? 0;
  const count = (rate: number) => {
    accepted += 1;
    if (rate >= band[0] && rate <= band[1]) trulyIn += 1;
    if (rate >= band[0] - tolerance && rate <= band[1] + tolerance) trulyInPromise += 1;
  };
  for (let task = 0; task < options.tasks; task += 1) {
    const off = 0.65 + 0.33 * random();
    const on = 0.3 * random();
    const judged = options.judgeBaseline ? simulateValidation(off, target, policy, random) : undefined;
    const reach = model === "state-only" ? 0.3 + 0.7 * random() : 1;
    const onRate = (share: number) => (model === "non-linear" ? off + (on - off) * share : on);
    const rateAt = (share: number) => (1 - reach) * off + reach * ((1 - share) * off + share * onRate(share));
    const baseline: Tally = judged
      ? { episodes: judged.episodes, successes: Math.round(judged.estimate * judged.episodes) }
      : { episodes: baselineEpisodes, successes: draw(off, baselineEpisodes) };
    if (judged && judged.decision === "accept") {
      count(off);
      rollouts += judged.episodes;
      worst = Math.max(worst, judged.episodes);
      continue;
    }
    const points: MixturePoint[] = [];
    const observedOff = baseline.successes / baseline.episodes;
    let share = Math.min(0.98, Math.max(0.02, (observedOff - middle) / Math.max(observedOff, 0.01)));
    let spent = judged?.episodes ?? 0;
    for (let candidate = 0; candidate < (options.candidates ?? 6); candidate += 1) {
      const point: MixturePoint = {
        share,
        on: { episodes: 0, successes: 0 },
        off: { episodes: 0, successes: 0 },
        undrawn: { episodes: 0, successes: 0 },
      };
      const episode = () => {
        const tally = random() >= reach ? point.undrawn : random() < share ? point.on : point.off;
        tally.episodes += 1;
        if (random() < (tally === point.on ? onRate(share) : off)) tally.successes += 1;
      };
      let confirmationFrom: number | undefined;
      let next = Math.min(5, policy.kMax);
      let decision: string;
      let direction: string | undefined;
      for (;;) {
        for (let index = 0; index < next; index += 1) episode();
        const own = [point.on, point.off, point.undrawn];
        const episodes = own.reduce((total, tally) => total + tally.episodes, 0);
        const successes = own.reduce((total, tally) => total + tally.successes, 0);
        const pooled =
          options.pooling === "none"
            ? undefined
            : mixturePosterior({ current: point, earlier: points, baseline }, options.pooling);
        const verdict = decide(
          target,
          {
            stats: summarize(trajectories(successes, episodes)),
            turnsStandardDeviation: 0,
            changesSomething: true,
            ...(pooled ? { pooled } : {}),
            ...(confirmationFrom === undefined ? {} : { confirmationFrom }),
          },
          policy,
        );
        const confirm = verdict.decision === "more" && verdict.confirm === true;
        if (verdict.decision !== "more" || (!confirm && episodes >= policy.kMax)) {
          decision = verdict.decision;
          direction = verdict.decision === "more" ? undefined : verdict.direction;
          spent += episodes;
          break;
        }
        if (confirm) confirmationFrom = episodes;
        next = confirm ? policy.confirmationEpisodes : Math.min(5, policy.kMax - episodes);
      }
      if (decision === "accept") {
        count(rateAt(share));
        break;
      }
      points.push(point);
      // The rule found the template's ends cannot bracket the band: the designer drops it (here the only one).
      if (direction === "out-of-reach") break;
      // Aim (the designer, pooled or not): where the line through the estimated ends crosses the band's middle.
      const { ends } = mixturePosterior({ current: point, earlier: points.slice(0, -1), baseline }, "both");
      const slope = ends.on - ends.off;
      share = Math.abs(slope) < 1e-6 ? 1 : Math.min(1, Math.max(0.02, (middle - ends.off) / slope));
    }
    rollouts += spent;
    worst = Math.max(worst, spent);
  }
  return calibrationFigures({ tasks: options.tasks, accepted, trulyIn, trulyInPromise, rollouts, worst });
}

/** The figures of a simulated template calibration from its counts (accepted, truly in band, rollouts, the worst task's). */
export function calibrationFigures(counts: {
  tasks: number;
  accepted: number;
  trulyIn: number;
  /** Truly in the band widened by the tolerance (absent: `trulyIn`). */
  trulyInPromise?: number;
  rollouts: number;
  worst: number;
}): SimulatedMixtureCalibration {
  const ratio = (count: number, of: number) => (of === 0 ? 0 : count / of);
  return {
    tasks: counts.tasks,
    accepted: ratio(counts.accepted, counts.tasks),
    acceptedTrulyInBand: ratio(counts.trulyIn, counts.accepted),
    acceptedTrulyInPromise: ratio(counts.trulyInPromise ?? counts.trulyIn, counts.accepted),
    tasksTrulyInBand: ratio(counts.trulyIn, counts.tasks),
    rolloutsPerTask: counts.rollouts / counts.tasks,
    worstRolloutsPerTask: counts.worst,
  };
}
