import { performance } from "node:perf_hooks";

/** Median of numbers (0 for none). */
export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Time `body` (which performs `operations` operations per call) in `rounds` rounds after a
 * warm-up, and return the median µs per operation — the median resists the noise of a
 * shared machine.
 */
export async function microsecondsPerOperation(
  body: () => Promise<void> | void,
  operations: number,
  rounds = 7,
  iterations = 200,
): Promise<number> {
  for (let index = 0; index < iterations; index++) await body();
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    for (let index = 0; index < iterations; index++) await body();
    samples.push(((performance.now() - started) * 1000) / (iterations * operations));
  }
  return median(samples);
}
