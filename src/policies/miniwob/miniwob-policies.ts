import type { PolicyFactory } from "../../core/policy.js";
import { createDomHeuristicPolicy } from "./dom-heuristic-policy.js";
import { createRandomWebPolicy } from "./random-web-policy.js";

/**
 * The scripted web policies by name (env `miniwob`). Both read only the observation text:
 * `random-web` acts uniformly at random over the visible elements and tools;
 * `dom-heuristic` matches the utterance's words and quoted strings to element text and
 * field labels (see docs/environments.md for how it fares per task).
 */
export const miniwobPolicies: Record<string, PolicyFactory> = {
  "random-web": createRandomWebPolicy,
  "dom-heuristic": createDomHeuristicPolicy,
};
