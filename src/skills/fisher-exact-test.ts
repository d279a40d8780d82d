/** ln(n!) by summation (the tables here are small: a few thousand episodes at most). */
function logFactorial(n: number): number {
  let sum = 0;
  for (let value = 2; value <= n; value++) sum += Math.log(value);
  return sum;
}

/**
 * Two-sided Fisher exact test of a 2×2 table `[[a, b], [c, d]]` (rows: showing the habit or
 * not; columns: success or failure): the probability, with the margins fixed, of a table at
 * most as likely as the observed one. 1 when a margin is empty.
 */
export function fisherExactTest(a: number, b: number, c: number, d: number): number {
  const row1 = a + b;
  const row2 = c + d;
  const column1 = a + c;
  const total = row1 + row2;
  if (row1 === 0 || row2 === 0 || column1 === 0 || column1 === total) return 1;
  const constant =
    logFactorial(row1) +
    logFactorial(row2) +
    logFactorial(column1) +
    logFactorial(total - column1) -
    logFactorial(total);
  const probability = (x: number) =>
    Math.exp(
      constant -
        logFactorial(x) -
        logFactorial(row1 - x) -
        logFactorial(column1 - x) -
        logFactorial(row2 - column1 + x),
    );
  const observed = probability(a);
  let p = 0;
  for (let x = Math.max(0, column1 - row2); x <= Math.min(row1, column1); x++) {
    const value = probability(x);
    // Relative tolerance: tables as likely as the observed one count (R's convention).
    if (value <= observed * (1 + 1e-7)) p += value;
  }
  return Math.min(1, p);
}
