/**
 * Posterior probabilities that a rate or a mean lies below, inside or above a band — the
 * evidence the decision rule reads instead of a point estimate.
 */
export interface BandPosterior {
  below: number;
  inside: number;
  above: number;
}

function logGamma(value: number): number {
  // Lanczos approximation (g = 7, n = 9), accurate to ~1e-15 for value > 0.
  const coefficients = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (value < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * value)) - logGamma(1 - value);
  const shifted = value - 1;
  let sum = coefficients[0]!;
  for (let index = 1; index < 9; index += 1) sum += coefficients[index]! / (shifted + index);
  const t = shifted + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (shifted + 0.5) * Math.log(t) - t + Math.log(sum);
}

function logChoose(n: number, k: number): number {
  return logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1);
}

/**
 * P(X ≤ x) for X ~ Beta(successes + 1, failures + 1) — the posterior of a success rate
 * under a uniform prior. For integer shapes I_x(a, b) = P(Binomial(a + b − 1, x) ≥ a),
 * summed exactly in log space (deterministic, no iteration to converge).
 */
export function betaPosteriorCdf(successes: number, failures: number, x: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const trials = successes + failures + 1;
  let total = 0;
  for (let k = successes + 1; k <= trials; k += 1) {
    total += Math.exp(logChoose(trials, k) + k * Math.log(x) + (trials - k) * Math.log(1 - x));
  }
  return Math.min(1, Math.max(0, total));
}

/** Where the posterior of a success rate (uniform prior, `successes` of `episodes`) lies relative to [low, high]. */
export function successPosterior(successes: number, episodes: number, band: readonly [number, number]): BandPosterior {
  const failures = episodes - successes;
  const below = band[0] <= 0 ? 0 : betaPosteriorCdf(successes, failures, band[0]);
  const upToHigh = band[1] >= 1 ? 1 : betaPosteriorCdf(successes, failures, band[1]);
  return { below, inside: Math.max(0, upToHigh - below), above: Math.max(0, 1 - upToHigh) };
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 erf, |error| < 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const polynomial = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - polynomial * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/**
 * Where the mean lies relative to [low, high] under the normal approximation N(mean,
 * deviation / √episodes) (flat prior). A zero deviation puts all the mass on the mean.
 */
export function meanPosterior(mean: number, deviation: number, episodes: number, band: readonly [number, number]): BandPosterior {
  if (episodes === 0) return { below: 0, inside: 0, above: 0 };
  const error = deviation / Math.sqrt(episodes);
  if (error === 0) return { below: mean < band[0] ? 1 : 0, inside: mean >= band[0] && mean <= band[1] ? 1 : 0, above: mean > band[1] ? 1 : 0 };
  const below = normalCdf((band[0] - mean) / error);
  const upToHigh = normalCdf((band[1] - mean) / error);
  return { below, inside: Math.max(0, upToHigh - below), above: Math.max(0, 1 - upToHigh) };
}
