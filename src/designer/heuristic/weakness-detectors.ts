import { givesUpEarlyDetector } from "./gives-up-early-detector.js";
import { ignoresFailedVerificationDetector } from "./ignores-failed-verification-detector.js";
import { invalidCallsDetector } from "./invalid-calls-detector.js";
import { overReliesOnToolDetector } from "./over-relies-on-tool-detector.js";
import { repeatsActionsDetector } from "./repeats-actions-detector.js";
import { rewardedFailureDetector } from "./rewarded-failure-detector.js";
import { runsOutOfBudgetDetector } from "./runs-out-of-budget-detector.js";
import { skipsVerificationDetector } from "./skips-verification-detector.js";
import { successBandDetector } from "./success-band-detector.js";
import type { WeaknessDetector } from "./weakness-detector.js";

/**
 * Every weakness detector, in the order ties are broken: behaviours of the policy first
 * (verification, repetition, invalid calls, budget, early give-up, tool reliance), rewarded
 * failures (a reward shortcut), then success outside the band.
 */
export const weaknessDetectors: readonly WeaknessDetector[] = [
  skipsVerificationDetector,
  ignoresFailedVerificationDetector,
  repeatsActionsDetector,
  invalidCallsDetector,
  runsOutOfBudgetDetector,
  givesUpEarlyDetector,
  overReliesOnToolDetector,
  rewardedFailureDetector,
  successBandDetector("above"),
  successBandDetector("below"),
];
