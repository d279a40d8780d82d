import { EnvriggerError } from "../../core/errors.js";
import type { PolicyFactory } from "../../core/policy.js";
import { createExplorerPolicy } from "./explorer-policy.js";
import { createNoisyWalkthroughPolicy } from "./noisy-walkthrough-policy.js";
import { createWalkthroughPolicy } from "./walkthrough-policy.js";

/** The slip probability of `noisy-walkthrough` without a parameter. */
export const DEFAULT_WALKTHROUGH_NOISE = 0.3;

const noisyPrefix = "noisy-walkthrough:";

/**
 * The scripted policies of the `textworld` env by name: `walkthrough` (the recorded
 * solution), `noisy-walkthrough` (slips with probability 0.3 and recovers), the same with
 * other slip rates (`noisy-walkthrough:0.1`, `:0.5`, `:0.7`; any rate through
 * {@link resolveTextworldPolicy}) and `explorer` (a breadth-first explorer without metadata).
 */
export const textworldPolicies: Record<string, PolicyFactory> = {
  walkthrough: createWalkthroughPolicy,
  "noisy-walkthrough": () => createNoisyWalkthroughPolicy(DEFAULT_WALKTHROUGH_NOISE, "noisy-walkthrough"),
  "noisy-walkthrough:0.1": () => createNoisyWalkthroughPolicy(0.1),
  "noisy-walkthrough:0.5": () => createNoisyWalkthroughPolicy(0.5),
  "noisy-walkthrough:0.7": () => createNoisyWalkthroughPolicy(0.7),
  explorer: createExplorerPolicy,
};

/**
 * A `textworld` policy by name, including `noisy-walkthrough:<p>` for any slip rate `p` in
 * [0, 1] (written as a decimal number). Unknown names and bad rates throw `UNKNOWN_POLICY`.
 */
export function resolveTextworldPolicy(spec: string): PolicyFactory {
  const known = textworldPolicies[spec];
  if (known) return known;
  if (spec.startsWith(noisyPrefix)) {
    const text = spec.slice(noisyPrefix.length);
    const noise = Number(text);
    if (/^(?:0|1|0?\.\d+|1\.0*)$/.test(text) && noise >= 0 && noise <= 1)
      return () => createNoisyWalkthroughPolicy(noise, spec);
  }
  throw new EnvriggerError("UNKNOWN_POLICY", `unknown textworld policy "${spec}"`, {
    hint: `use one of ${Object.keys(textworldPolicies).join(", ")}, or noisy-walkthrough:<p> with 0 ≤ p ≤ 1`,
  });
}
