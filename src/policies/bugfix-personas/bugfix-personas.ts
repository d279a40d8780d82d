import type { PolicyFactory } from "../../core/policy.js";
import { createHastyPolicy } from "./hasty-policy.js";
import { createLooperPolicy } from "./looper-policy.js";
import { createNovicePolicy } from "./novice-policy.js";

/**
 * The BugFix personas by name — scripted, seeded policies with one realistic weakness
 * each, for calibrating the designer loop: `hasty` (skips verification), `looper` (repeats
 * reads and tests, runs out of turns), `novice` (confuses loop bugs, ignores failing tests).
 */
export const bugfixPersonas: Record<string, PolicyFactory> = {
  hasty: createHastyPolicy,
  looper: createLooperPolicy,
  novice: createNovicePolicy,
};
