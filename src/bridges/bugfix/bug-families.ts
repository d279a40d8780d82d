import type { BugFamilySpec } from "./bug-family-spec.js";
import { clampFamily } from "./clamp-family.js";
import { compareFamily } from "./compare-family.js";
import { divideFamily } from "./divide-family.js";
import { initFamily } from "./init-family.js";
import { rangeFamily } from "./range-family.js";

/** The five bug families in a fixed order (clamp, range, compare, divide, init). */
export const bugFamilies: readonly BugFamilySpec[] = [
  clampFamily,
  rangeFamily,
  compareFamily,
  divideFamily,
  initFamily,
];
