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
  const coefficients = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
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
  return cached(`posterior ${successes},${episodes},${band[0]},${band[1]}`, () =>
    computeSuccessPosterior(successes, episodes, band),
  );
}

const CACHE_SIZE = 100_000;
const cache = new Map<string, BandPosterior>();

/** The rule looks at the same (successes, episodes, band) many times over a run: each is summed once (bounded). */
function cached(key: string, compute: () => BandPosterior): BandPosterior {
  let known = cache.get(key);
  if (!known) {
    if (cache.size >= CACHE_SIZE) cache.clear();
    known = compute();
    cache.set(key, known);
  }
  return { ...known };
}

function computeSuccessPosterior(successes: number, episodes: number, band: readonly [number, number]): BandPosterior {
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
export function meanPosterior(
  mean: number,
  deviation: number,
  episodes: number,
  band: readonly [number, number],
): BandPosterior {
  if (episodes === 0) return { below: 0, inside: 0, above: 0 };
  const error = deviation / Math.sqrt(episodes);
  if (error === 0)
    return {
      below: mean < band[0] ? 1 : 0,
      inside: mean >= band[0] && mean <= band[1] ? 1 : 0,
      above: mean > band[1] ? 1 : 0,
    };
  const below = normalCdf((band[0] - mean) / error);
  const upToHigh = normalCdf((band[1] - mean) / error);
  return { below, inside: Math.max(0, upToHigh - below), above: Math.max(0, 1 - upToHigh) };
}

/**
 * Where the rate a fresh check of `checkRollouts` rollouts would measure falls relative to
 * [low, high] (band edges inclusive), given `successes` of `episodes` so far: the
 * posterior-predictive (Beta-binomial, uniform prior) probabilities, summed exactly.
 */
export function successPredictive(
  successes: number,
  episodes: number,
  band: readonly [number, number],
  checkRollouts: number,
): BandPosterior {
  return cached(`predictive ${successes},${episodes},${band[0]},${band[1]},${checkRollouts}`, () =>
    computeSuccessPredictive(successes, episodes, band, checkRollouts),
  );
}

function computeSuccessPredictive(
  successes: number,
  episodes: number,
  band: readonly [number, number],
  checkRollouts: number,
): BandPosterior {
  const a = successes + 1;
  const b = episodes - successes + 1;
  const logBeta = (x: number, y: number) => logGamma(x) + logGamma(y) - logGamma(x + y);
  const result = { below: 0, inside: 0, above: 0 };
  for (let hits = 0; hits <= checkRollouts; hits += 1) {
    const probability = Math.exp(
      logChoose(checkRollouts, hits) + logBeta(hits + a, checkRollouts - hits + b) - logBeta(a, b),
    );
    const rate = hits / checkRollouts;
    if (rate < band[0]) result.below += probability;
    else if (rate > band[1]) result.above += probability;
    else result.inside += probability;
  }
  return result;
}

/**
 * Where the mean a fresh check of `checkRollouts` rollouts would measure falls relative to
 * [low, high]: normal, centred on the mean, with variance deviation² (1/episodes + 1/checkRollouts).
 */
export function meanPredictive(
  mean: number,
  deviation: number,
  episodes: number,
  band: readonly [number, number],
  checkRollouts: number,
): BandPosterior {
  if (episodes === 0) return { below: 0, inside: 0, above: 0 };
  return meanPosterior(mean, deviation * Math.sqrt(1 + episodes / checkRollouts), episodes, band);
}

/** P(Binomial(trials, rate) / trials ∈ [low, high]): how often a check of `trials` rollouts of a stack truly at `rate` lands in the band. */
export function binomialBandProbability(rate: number, trials: number, band: readonly [number, number]): number {
  let inside = 0;
  for (let hits = 0; hits <= trials; hits += 1) {
    const fraction = hits / trials;
    if (fraction < band[0] || fraction > band[1]) continue;
    inside +=
      rate <= 0
        ? hits === 0
          ? 1
          : 0
        : rate >= 1
          ? hits === trials
            ? 1
            : 0
          : Math.exp(logChoose(trials, hits) + hits * Math.log(rate) + (trials - hits) * Math.log(1 - rate));
  }
  return inside;
}

/**
 * The core of a band for a check: the values whose check lands in the band with
 * probability ≥ `confidence` (`landsInBand(value)`, largest at the band's middle and
 * falling towards its edges), found by bisection to 1e-4 of the band's width on each half.
 * When even the middle falls short, the core is the middle alone.
 */
export function checkCore(
  band: readonly [number, number],
  confidence: number,
  landsInBand: (value: number) => number,
): [number, number] {
  const middle = (band[0] + band[1]) / 2;
  if (landsInBand(middle) < confidence) return [middle, middle];
  const edge = (outside: number) => {
    let inner = middle;
    let outer = outside;
    while (Math.abs(outer - inner) > 1e-4 * (band[1] - band[0])) {
      const probe = (inner + outer) / 2;
      if (landsInBand(probe) >= confidence) inner = probe;
      else outer = probe;
    }
    return inner;
  };
  return [edge(band[0]), edge(band[1])];
}
