import { weightIndex } from "../policies/learnable/hashed-features.js";
import type { PolicyDecision } from "../policies/learnable/policy-decision.js";

/**
 * Add the gradient of `scale × log π(chosen)` plus `entropyScale × H(π)` of one decision
 * to `gradient`. With linear scores s_c = Σ_f w[f, c]: ∂log π(k)/∂s_c = [c = k] − π_c and
 * ∂H/∂s_c = −π_c (log π_c + H); each s_c's gradient is spread over its (feature, c) weights.
 * Returns the decision's entropy.
 */
export function accumulateGradient(
  gradient: Float64Array,
  decision: PolicyDecision,
  scale: number,
  entropyScale: number,
): number {
  const { probabilities, actions, features, chosen } = decision;
  let entropy = 0;
  for (const probability of probabilities) if (probability > 0) entropy -= probability * Math.log(probability);
  const dimension = gradient.length;
  for (let candidate = 0; candidate < actions.length; candidate++) {
    const probability = probabilities[candidate]!;
    const logProbability = probability > 0 ? Math.log(probability) : 0;
    const scoreGradient =
      scale * ((candidate === chosen ? 1 : 0) - probability) + entropyScale * -probability * (logProbability + entropy);
    if (scoreGradient === 0) continue;
    const action = actions[candidate]!;
    for (const feature of features) gradient[weightIndex(feature, action, dimension)] += scoreGradient;
  }
  return entropy;
}

/** Scale `gradient` in place so that its L2 norm is at most `limit`; returns the norm before clipping. */
export function clipGradient(gradient: Float64Array, limit: number): number {
  let squares = 0;
  for (let index = 0; index < gradient.length; index++) squares += gradient[index]! * gradient[index]!;
  const norm = Math.sqrt(squares);
  if (norm > limit) {
    const factor = limit / norm;
    for (let index = 0; index < gradient.length; index++) gradient[index] = gradient[index]! * factor;
  }
  return norm;
}
