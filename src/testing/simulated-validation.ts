import { createRng } from "../core/seeding.js";
import type { Trajectory } from "../core/trajectory.js";
import type { Target } from "../designer/target.js";
import { decide, type CandidateEvidence, type DecisionPolicy } from "../rigger/decision-rule.js";
import { summarize } from "../rollout/summarize.js";

/** Episodes with a given success count (only the fields the decision rule reads). */
export function successTrajectories(successes: number, episodes: number): Trajectory[] {
  return Array.from(
    { length: episodes },
    (_, index) =>
      ({
        stopReason: "submit",
        evaluation: { success: index < successes, score: 0, metrics: {} },
        steps: [],
      }) as unknown as Trajectory,
  );
}

/** The verdict of one simulated validation and the rollouts it spent. */
export interface SimulatedValidation {
  decision: string;
  episodes: number;
  estimate: number;
}

/**
 * The validate node's loop on a Bernoulli(`rate`) candidate under the real {@link decide}:
 * batches of `batch` (the default K, 5), the confirmation batch when the rule first passes,
 * the cap `policy.kMax`; `extra` evidence (a prior) is passed to every decision.
 */
export function simulateValidation(
  rate: number,
  target: Target,
  policy: DecisionPolicy,
  random: () => number,
  batch = 5,
  extra: Pick<CandidateEvidence, "prior"> = {},
): SimulatedValidation {
  let successes = 0;
  let episodes = 0;
  let confirmationFrom: number | undefined;
  let next = Math.min(batch, policy.kMax);
  for (;;) {
    for (let index = 0; index < next; index++) if (random() < rate) successes += 1;
    episodes += next;
    const verdict = decide(
      target,
      {
        stats: summarize(successTrajectories(successes, episodes)),
        turnsStandardDeviation: 0,
        changesSomething: true,
        ...extra,
        ...(confirmationFrom === undefined ? {} : { confirmationFrom }),
      },
      policy,
    );
    const confirm = verdict.decision === "more" && verdict.confirm === true;
    if (verdict.decision !== "more" || (!confirm && episodes >= policy.kMax))
      return { decision: verdict.decision, episodes, estimate: successes / episodes };
    if (confirm) confirmationFrom = episodes;
    next = confirm ? policy.confirmationEpisodes : Math.min(batch, policy.kMax - episodes);
  }
}

/** How the candidates of a simulated task are drawn. */
export type CandidateModel =
  /** Every candidate's true rate independently uniform on [0.25, 0.75] (no search at all). */
  | "independent"
  /** A search: the first rate uniform on [0.1, 0.9], each next one 0.4 of the way from the last to 0.5, plus N(0, 0.07) noise. */
  | "search"
  /**
   * A search that sees only what the rule saw: the first rate uniform on [0.1, 0.9], each
   * next one the last rate moved by 0.8 × (0.5 − the last validation's estimate), plus
   * N(0, 0.05) — a refine on 10 rollouts aims worse than one on 300.
   */
  | "aimed";

/** The figures of a simulated calibration: the fresh check is `checkRollouts` Bernoulli draws of each accepted candidate's true rate. */
export interface SimulatedCalibration {
  tasks: number;
  /** Fraction of tasks with an accepted candidate. */
  accepted: number;
  /** Of the accepted, the fraction whose true rate lies in the band. */
  acceptedTrulyInBand: number;
  /** Of the accepted, the fraction whose fresh check measures inside the band (what the calibration bench reports). */
  acceptedMeasuredInBand: number;
  /** Fraction of all tasks accepted and measured inside the band. */
  tasksMeasuredInBand: number;
  /** Fraction of all tasks accepted with a true rate inside the band. */
  tasksTrulyInBand: number;
  /** Validation rollouts per task (over all its candidates). */
  rolloutsPerTask: number;
}

/**
 * A designer's tasks in simulation: up to `candidates` candidates per task (1 + the
 * default 5 revisions; `closeCandidates` more, one at a time, while the last one was
 * refined with its estimate inside the band), each validated by {@link simulateValidation}, the first accepted
 * one kept and measured on a fresh check of `checkRollouts` rollouts. Seeded: the same
 * arguments give the same figures.
 */
export function simulateCalibration(
  policy: DecisionPolicy,
  model: CandidateModel,
  options: {
    tasks: number;
    seed: number;
    band?: [number, number];
    checkRollouts?: number;
    candidates?: number;
    closeCandidates?: number;
  },
): SimulatedCalibration {
  const band = options.band ?? [0.4, 0.6];
  const target: Target = { successBand: band };
  const random = createRng(options.seed).next;
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const within = (value: number) => value >= band[0] && value <= band[1];
  const check = options.checkRollouts ?? 100;
  let accepted = 0;
  let trulyIn = 0;
  let measuredIn = 0;
  let rollouts = 0;
  for (let task = 0; task < options.tasks; task++) {
    let rate = model === "independent" ? 0.25 + 0.5 * random() : 0.1 + 0.8 * random();
    let budget = options.candidates ?? 6;
    let extra = options.closeCandidates ?? 0;
    for (let candidate = 0; candidate < budget; candidate++) {
      const validation = simulateValidation(rate, target, policy, random);
      rollouts += validation.episodes;
      if (validation.decision === "accept") {
        accepted += 1;
        if (within(rate)) trulyIn += 1;
        let hits = 0;
        for (let index = 0; index < check; index++) if (random() < rate) hits += 1;
        if (within(hits / check)) measuredIn += 1;
        break;
      }
      // A last candidate refined with its estimate inside the band earns one more (up to `closeCandidates`).
      if (candidate === budget - 1 && extra > 0 && within(validation.estimate)) {
        budget += 1;
        extra -= 1;
      }
      const clamp = (value: number) => Math.min(0.98, Math.max(0.02, value));
      if (model === "independent") rate = 0.25 + 0.5 * random();
      else if (model === "search") rate = clamp(0.5 + (rate - 0.5) * 0.4 + 0.07 * normal());
      else rate = clamp(rate - 0.8 * (validation.estimate - 0.5) + 0.05 * normal());
    }
  }
  const ratio = (count: number, of: number) => (of === 0 ? 0 : count / of);
  return {
    tasks: options.tasks,
    accepted: ratio(accepted, options.tasks),
    acceptedTrulyInBand: ratio(trulyIn, accepted),
    acceptedMeasuredInBand: ratio(measuredIn, accepted),
    tasksMeasuredInBand: ratio(measuredIn, options.tasks),
    tasksTrulyInBand: ratio(trulyIn, options.tasks),
    rolloutsPerTask: rollouts / options.tasks,
  };
}
