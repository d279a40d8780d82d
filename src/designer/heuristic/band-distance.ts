/** Signed distance of a value to a band: positive above it, negative below, 0 inside. */
export function bandDistance(value: number, band: readonly [number, number]): number {
  if (value > band[1]) return value - band[1];
  if (value < band[0]) return value - band[0];
  return 0;
}
