import { type FixOpName, fixOpNames } from "../../bridges/bugfix/index.js";

/** The fix ops not yet spent, in the menu's order. */
export function untriedFixOps(spent: readonly FixOpName[]): FixOpName[] {
  return fixOpNames.filter((op) => !spent.includes(op));
}
