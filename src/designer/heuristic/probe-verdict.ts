/** The confidence at which a probe's success rate is said to differ from the reference's. */
export const PROBE_CONFIDENCE = 0.9;

/** A success count. */
export interface SuccessCount {
  successes: number;
  episodes: number;
}

const logFactorials: number[] = [0];

function logFactorial(n: number): number {
  for (let k = logFactorials.length; k <= n; k++) logFactorials.push(logFactorials[k - 1]! + Math.log(k));
  return logFactorials[n]!;
}

/** log B(a, b) for positive integers. */
function logBeta(a: number, b: number): number {
  return logFactorial(a - 1) + logFactorial(b - 1) - logFactorial(a + b - 1);
}

/**
 * P(p₁ > p₀) for the success rates behind two counts, each with a uniform prior (posteriors
 * Beta(s + 1, f + 1)): the exact finite sum for integer shapes,
 * Σᵢ₌₀^{α₁−1} B(α₀ + i, β₀ + β₁) / ((β₁ + i) · B(1 + i, β₁) · B(α₀, β₀)).
 */
export function probabilityGreater(first: SuccessCount, reference: SuccessCount): number {
  const alpha1 = first.successes + 1;
  const beta1 = first.episodes - first.successes + 1;
  const alpha0 = reference.successes + 1;
  const beta0 = reference.episodes - reference.successes + 1;
  let total = 0;
  for (let i = 0; i < alpha1; i++) {
    total += Math.exp(
      logBeta(alpha0 + i, beta0 + beta1) - Math.log(beta1 + i) - logBeta(1 + i, beta1) - logBeta(alpha0, beta0),
    );
  }
  return Math.min(1, Math.max(0, total));
}

/**
 * Which way a probe moved the success rate from its reference (the baseline, or what a base
 * layer reached alone), on the evidence: `easier` / `harder` when the posterior probability
 * that the rate rose / fell is at least `confidence`, else `undecided` — 0 of 10 against 1
 * of 10 is undecided (P ≈ 0.79), 0 of 10 against 5 of 10 is not. `probability` is the
 * posterior probability that the rate rose.
 */
export function probeVerdict(
  probe: SuccessCount,
  reference: SuccessCount,
  confidence = PROBE_CONFIDENCE,
): { moved: "easier" | "harder" | "undecided"; probability: number } {
  const probability = probabilityGreater(probe, reference);
  if (probability >= confidence) return { moved: "easier", probability };
  if (1 - probability >= confidence) return { moved: "harder", probability };
  return { moved: "undecided", probability };
}
