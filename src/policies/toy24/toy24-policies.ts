import type { PolicyFactory } from "../../core/policy.js";
import { createToy24GreedyPolicy } from "./toy24-greedy-policy.js";
import { createToy24RandomPolicy } from "./toy24-random-policy.js";
import { createToy24SolverPolicy } from "./toy24-solver-policy.js";

/**
 * The scripted Game-of-24 policies by name. Each decides only from the observed numbers
 * and its seeded rng. On the 1,362 puzzles: `solver` solves all, `greedy` about a third
 * (most of the easy ones, few hard ones), `random` well under 1%.
 */
export const toy24Policies: Record<string, PolicyFactory> = {
  solver: createToy24SolverPolicy,
  random: createToy24RandomPolicy,
  greedy: createToy24GreedyPolicy,
};
