import { createRng } from "../../core/seeding.js";
import type { TestOutcome } from "../../sandbox/task-code/task-code-types.js";
import type { BugFixTask } from "./bugfix-task.js";
import type { BugFixTaskStore } from "./bugfix-task-store.js";

/** The verifier's view of one source: both test sets, passed or not, and pass fractions. */
export interface SourceGrade {
  publicPass: boolean;
  hiddenPass: boolean;
  publicFrac: number;
  hiddenFrac: number;
}

/** A simulated flaky verifier: each passing test fails with probability `rate`, drawn from `seed`. */
export interface FlakeSettings {
  rate: number;
  seed: number;
}

/**
 * Grade `source` on a task's public and hidden tests (outcomes memoized in the store).
 * With a flake rate above 0, passing tests fail at random, reproducibly from the seed.
 */
export function gradeSource(
  store: BugFixTaskStore,
  task: BugFixTask,
  source: string,
  flake?: FlakeSettings,
): SourceGrade {
  const rng = flake && flake.rate > 0 ? createRng(flake.seed) : null;
  const passes = (outcomes: TestOutcome[]) => outcomes.map((outcome) => outcome.passed && !rng?.chance(flake!.rate));
  const publicPasses = passes(store.publicOutcomes(task, source));
  const hiddenPasses = passes(store.hiddenOutcomes(task, source));
  const fraction = (values: boolean[]) => values.filter(Boolean).length / values.length;
  return {
    publicPass: publicPasses.every(Boolean),
    hiddenPass: hiddenPasses.every(Boolean),
    publicFrac: fraction(publicPasses),
    hiddenFrac: fraction(hiddenPasses),
  };
}
