/**
 * The weight of a member under `--weights validation`: 1 when its validated success lies
 * in the band, falling as 1 / (1 + 10·d) with the distance d to the nearer band edge (0.1
 * outside weighs 0.5, 0.3 outside 0.25). Never 0, so every member stays reachable.
 */
export function validationWeight(success: number, band: readonly [number, number]): number {
  const distance = success < band[0] ? band[0] - success : success > band[1] ? success - band[1] : 0;
  return 1 / (1 + 10 * distance);
}
