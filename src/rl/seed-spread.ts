// Statistics over seeds: what an experiment reports per arm and per pair of arms.

/** A per-seed statistic with its mean and sample standard deviation. */
export interface SeedSpread {
  perSeed: number[];
  mean: number;
  standardDeviation: number;
}

/** The mean and sample standard deviation of per-seed values. */
export function spread(values: readonly number[]): SeedSpread {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance =
    values.length < 2 ? 0 : values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
  return { perSeed: values.slice(), mean, standardDeviation: Math.sqrt(variance) };
}

/** Two-sided 97.5 % quantiles of Student's t for 1 … 30 degrees of freedom (then the normal's). */
const T_975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11,
  2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** The 95 % t interval of a mean over seeds. */
export function seedInterval(values: readonly number[]): [number, number] | null {
  if (values.length < 2) return null;
  const { mean, standardDeviation } = spread(values);
  const half = (T_975[values.length - 2] ?? 1.96) * (standardDeviation / Math.sqrt(values.length));
  return [mean - half, mean + half];
}
