import { EnvriggerError } from "../../core/errors.js";
import { defaultFeatureConfig, type LearnedFeatureConfig } from "./learned-feature-config.js";
import { weightIndex } from "./hashed-features.js";

/**
 * The parameters of a learnable policy: one hashed weight table over (context feature ×
 * candidate action) and the feature configuration it belongs to. A candidate's score is
 * the sum of the weights of its (feature, action) pairs; the policy is the softmax of the
 * scores. All zeros (`LearnableModel.initial()`) is the uniform policy.
 */
export class LearnableModel {
  constructor(
    readonly features: LearnedFeatureConfig,
    readonly weights: Float64Array,
    /** The env the weights were trained on (null for fresh weights). */
    readonly envId: string | null = null,
  ) {
    if (weights.length !== features.dimension) {
      throw new EnvriggerError(
        "INTERNAL",
        `a learnable model needs ${features.dimension} weights, got ${weights.length}`,
      );
    }
  }

  /** Fresh zero weights (the uniform policy) for a feature configuration. */
  static initial(features: LearnedFeatureConfig = defaultFeatureConfig()): LearnableModel {
    return new LearnableModel(features, new Float64Array(features.dimension));
  }

  /** An independent copy (a frozen snapshot), optionally recording the env it was trained on. */
  clone(envId: string | null = this.envId): LearnableModel {
    return new LearnableModel(this.features, this.weights.slice(), envId);
  }

  /** The score of a candidate action (by hash) given the decision's context features (by hash). */
  score(features: readonly number[], action: number): number {
    let total = 0;
    for (const feature of features) total += this.weights[weightIndex(feature, action, this.features.dimension)]!;
    return total;
  }

  /** Softmax probabilities of the candidates (numerically stable). */
  probabilities(features: readonly number[], actions: readonly number[]): number[] {
    const scores = actions.map((action) => this.score(features, action));
    const top = Math.max(...scores);
    const exponentials = scores.map((score) => Math.exp(score - top));
    const total = exponentials.reduce((sum, value) => sum + value, 0);
    return exponentials.map((value) => value / total);
  }
}
