/**
 * The board after a combination: a new list in which the result takes the place of the
 * lower of the two indices and the higher one is removed; every other number keeps its
 * relative order. `replacePair([a, b, c, d], 3, 1, r)` is `[a, r, c]`. The input is not
 * changed. Shared by the environment and the policies that plan on its boards.
 */
export function replacePair<T>(items: readonly T[], first: number, second: number, result: T): T[] {
  const low = Math.min(first, second);
  const high = Math.max(first, second);
  const next: T[] = new Array<T>(items.length - 1);
  let write = 0;
  for (let read = 0; read < items.length; read++) {
    if (read === high) continue;
    next[write++] = read === low ? result : (items[read] as T);
  }
  return next;
}
