import type { PolicyFactory } from "../../core/policy.js";
import { createBlindPolicy } from "./blind-policy.js";
import { createHackerPolicy } from "./hacker-policy.js";
import { createOraclePolicy } from "./oracle-policy.js";
import { createRandomPolicy } from "./random-policy.js";

/** The four scripted BugFix baselines by name: oracle, blind, random, hacker. */
export const bugfixPolicies: Record<string, PolicyFactory> = {
  oracle: createOraclePolicy,
  blind: createBlindPolicy,
  random: createRandomPolicy,
  hacker: createHackerPolicy,
};
