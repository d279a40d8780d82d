/**
 * Strict structural equality of two JSON-like values, the comparison task-code tests use.
 *
 * - Types must match exactly: `1` is not `true`, `"1"` is not `1`, `null` is not `0`.
 * - Numbers compare by value, except that `NaN` equals `NaN` (and `-0` equals `0`).
 * - Arrays must be arrays on both sides with equal lengths and equal items in order.
 * - Objects must be non-array objects on both sides with the same own enumerable keys
 *   (order ignored) and equal values.
 *
 * Anything else (functions, `undefined`, symbols) equals only itself (`===`).
 */
export function strictEqualJson(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left === "number" && typeof right === "number") return Number.isNaN(left) && Number.isNaN(right);
  if (left === null || right === null || typeof left !== "object" || typeof right !== "object") return false;
  const leftIsArray = Array.isArray(left);
  if (leftIsArray !== Array.isArray(right)) return false;
  if (leftIsArray) {
    const leftItems = left as unknown[];
    const rightItems = right as unknown[];
    if (leftItems.length !== rightItems.length) return false;
    for (let index = 0; index < leftItems.length; index++) {
      if (!strictEqualJson(leftItems[index], rightItems[index])) return false;
    }
    return true;
  }
  const leftObject = left as Record<string, unknown>;
  const rightObject = right as Record<string, unknown>;
  const leftKeys = Object.keys(leftObject);
  if (leftKeys.length !== Object.keys(rightObject).length) return false;
  for (const key of leftKeys) {
    if (!Object.hasOwn(rightObject, key)) return false;
    if (!strictEqualJson(leftObject[key], rightObject[key])) return false;
  }
  return true;
}
