/**
 * Wilson score interval for a binomial proportion: `successes` out of `trials`, at the
 * two-sided confidence given by `z` (1.96 ≈ 95%). Returns [0, 1] for zero trials.
 */
export function wilsonInterval(successes: number, trials: number, z = 1.96): [number, number] {
  if (trials <= 0) return [0, 1];
  const proportion = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const center = (proportion + z2 / (2 * trials)) / denominator;
  const margin = (z * Math.sqrt((proportion * (1 - proportion)) / trials + z2 / (4 * trials * trials))) / denominator;
  return [Math.max(0, center - margin), Math.min(1, center + margin)];
}
