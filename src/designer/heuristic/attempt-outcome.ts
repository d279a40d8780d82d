import type { Attempt, DecisionDirection } from "../designer.js";
import type { TemplateKnob } from "./harness-template.js";
import { probeVerdict, type SuccessCount } from "./probe-verdict.js";

/** A change of the signed distance smaller than this counts as no movement. */
export const MOVEMENT_TOLERANCE = 0.03;

/**
 * Why an attempt's template is escalated, retried or dropped:
 * - `never-ran`: refused at check (static, load or setup issues);
 * - `broken`, `no-effect`, `unsolvable`, `inconclusive`, `out-of-reach`: the decision said so;
 * - `no-effect-partial`: `no-effect` on a mixture knob short of its strongest value (the
 *   perturbation was on in only part of the episodes);
 * - `wrong-way`: its first probe moved the statistic away from the band;
 * - `no-movement`: its first probe did not move the statistic.
 */
export type AttemptReason =
  | "never-ran"
  | "broken"
  | "no-effect"
  | "unsolvable"
  | "inconclusive"
  | "out-of-reach"
  | "no-effect-partial"
  | "wrong-way"
  | "no-movement";

/**
 * What an earlier attempt says about its template: tune it (which way, from where),
 * escalate it (no movement yet, at a magnitude short of its strongest), or drop it.
 * `reason` is what code reads; `why` is the sentence shown to people.
 */
export type AttemptOutcome =
  | { kind: "keep"; need: "harder" | "easier" | null; magnitude: number | null; distance: number }
  | { kind: "escalate"; magnitude: number; reason: AttemptReason; why: string }
  | { kind: "retry"; reason: AttemptReason; why: string }
  | { kind: "switch"; reason: AttemptReason; why: string };

/** Which way a band miss asks the template to be tuned. */
const needOf: Record<DecisionDirection, "harder" | "easier" | null> = {
  "too-easy": "harder",
  "too-short": "harder",
  "weakness-not-decisive": "harder",
  "too-hard": "easier",
  "too-long": "easier",
  "in-band": null,
  unsolvable: "easier",
  "no-effect": null,
  broken: null,
  inconclusive: null,
  "out-of-reach": null,
};

/**
 * Read an attempt's decision feedback against the baseline's signed distance:
 * - a `no-effect` verdict on a mixture knob (the perturbation is on in a fraction p of
 *   episodes) can be the luck of the first few episodes: with earlier probes of the
 *   template that did move the statistic it is contradicted, and the attempt is ignored
 *   (retry); on its first probe short of the strongest value, escalate;
 * - an `unsolvable` verdict on a knob that moved the statistic before is a probe that went
 *   too far (keep, need easier): a smaller fraction of perturbed episodes, or a magnitude
 *   between it and the earlier probes, relaxes it; so is one on a `fractional` integer knob
 *   when the start was too easy (positive distance), even on its first probe: between the
 *   neutral value and the probe the rate is a mixture of the two ends, which the search then
 *   aims into;
 * - switch: the candidate never ran (static or setup issues), its decision was `broken`,
 *   `no-effect` or `unsolvable`, or its first probe moved the statistic away from the band
 *   (after earlier probes that moved towards it, such a probe bounds the knob instead);
 * - no movement (the distance kept the baseline's sign and changed by less than
 *   {@link MOVEMENT_TOLERANCE}): on a template's first probe short of its strongest value,
 *   escalate; at its strongest, switch; after earlier probes, it is a probe like any other;
 * - with `evidence` (the probe's and the reference's success counts, for a success band),
 *   "the wrong way" and "no movement" on a first probe are decided by {@link probeVerdict}
 *   instead of the distance: the wrong way only when the posterior says the rate moved away
 *   from the band at its confidence, no movement when it cannot say either way — so 0 of 10
 *   against 1 of 10 escalates rather than drops the template;
 * - keep: it moved towards the band or crossed it; `need` says which way to tune next.
 */
export function attemptOutcome(
  attempt: Attempt,
  baselineDistance: number,
  knob: TemplateKnob,
  earlierProbes: number,
  evidence?: { probe: SuccessCount; reference: SuccessCount },
): AttemptOutcome {
  const raw = attempt.proposal?.parameters?.[knob.name];
  const magnitude = typeof raw === "number" ? raw : null;
  const decision = attempt.decision;
  if (!decision) {
    const issues = attempt.issues.map((issue) => `[${issue.code}] ${issue.message}`).join("; ");
    return { kind: "switch", reason: "never-ran", why: `it never ran${issues ? `: ${issues}` : ""}` };
  }
  if (decision.direction === "no-effect" && knob.mixture && magnitude !== null && magnitude !== knob.strongest) {
    const why = `the decision was no-effect (${decision.message}) although the perturbation is on in only part of the episodes`;
    if (earlierProbes > 0) return { kind: "retry", reason: "no-effect-partial", why };
    return { kind: "escalate", magnitude, reason: "no-effect-partial", why };
  }
  // An "unsolvable" probe (often judged on a first batch of five) that bounds the search instead of ending it:
  // after earlier probes that moved the statistic it went too far — a mixture's smaller fraction, or a knob
  // between this probe and the last (a turn limit past its cliff), relaxes it, as the rule asks; and on a
  // fractional knob whose start was too easy, the rate between the neutral value and the probe is a mixture
  // of the two ends (success 0 at the probe), even on its first probe.
  const boundsTheSearch =
    earlierProbes > 0 || (knob.fractional === true && magnitude !== knob.neutral && baselineDistance > 0);
  if (decision.direction === "unsolvable" && magnitude !== null && boundsTheSearch) {
    return { kind: "keep", need: "easier", magnitude, distance: decision.distance };
  }
  const direction = decision.direction;
  if (
    direction === "broken" ||
    direction === "no-effect" ||
    direction === "unsolvable" ||
    direction === "inconclusive" ||
    direction === "out-of-reach"
  ) {
    return { kind: "switch", reason: direction, why: `the decision was ${direction} (${decision.message})` };
  }
  const need = needOf[direction];
  const distance = decision.distance;
  const sameSide = Math.sign(distance) === Math.sign(baselineDistance) && baselineDistance !== 0;
  const isBandMiss = decision.direction !== "weakness-not-decisive" && need !== null;
  if (isBandMiss && sameSide) {
    const compared = `distance ${distance.toFixed(2)} vs ${baselineDistance.toFixed(2)} at baseline`;
    if (evidence && earlierProbes === 0 && (need === "easier" || need === "harder")) {
      const verdict = probeVerdict(evidence.probe, evidence.reference);
      const counted = `${evidence.probe.successes}/${evidence.probe.episodes} vs ${evidence.reference.successes}/${evidence.reference.episodes}, P(rate rose) ${verdict.probability.toFixed(2)}`;
      if (verdict.moved !== "undecided" && verdict.moved !== need)
        return { kind: "switch", reason: "wrong-way", why: `it moved the wrong way (${counted})` };
      if (verdict.moved === "undecided") {
        if (magnitude !== null && magnitude !== knob.strongest)
          return { kind: "escalate", magnitude, reason: "no-movement", why: `no movement shown (${counted})` };
        return { kind: "switch", reason: "no-movement", why: `no movement shown, even at its strongest (${counted})` };
      }
      return { kind: "keep", need, magnitude, distance };
    }
    // Only a first probe can show the wrong way: after probes that moved towards the band, one further from
    // it (often judged on a first batch of five) bounds the knob like any other probe.
    if (Math.abs(distance) > Math.abs(baselineDistance) + MOVEMENT_TOLERANCE && earlierProbes === 0)
      return { kind: "switch", reason: "wrong-way", why: `it moved the wrong way (${compared})` };
    if (Math.abs(distance) > Math.abs(baselineDistance) - MOVEMENT_TOLERANCE && earlierProbes === 0) {
      if (magnitude !== null && magnitude !== knob.strongest)
        return { kind: "escalate", magnitude, reason: "no-movement", why: `it did not move (${compared})` };
      return { kind: "switch", reason: "no-movement", why: `it did not move, even at its strongest (${compared})` };
    }
  }
  return { kind: "keep", need, magnitude, distance };
}
