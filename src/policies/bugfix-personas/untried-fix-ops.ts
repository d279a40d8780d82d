import { fixOpNames, type FixOpName } from "../../bridges/bugfix/edit-op-name.js";

/** The fix ops not yet spent, in the menu's order. */
export function untriedFixOps(spent: readonly FixOpName[]): FixOpName[] {
  return fixOpNames.filter((op) => !spent.includes(op));
}
