/** Adam's moment estimates and step count (JSON-able for checkpoints). */
export interface AdamState {
  step: number;
  first: number[];
  second: number[];
}

/**
 * Adam (Kingma & Ba) over a dense weight vector, for gradient *ascent* on the objective.
 * Deterministic: plain loops in index order.
 */
export class AdamOptimizer {
  private step = 0;
  private readonly first: Float64Array;
  private readonly second: Float64Array;

  constructor(
    readonly size: number,
    private readonly options: { learningRate: number; beta1: number; beta2: number; epsilon?: number },
    state?: AdamState,
  ) {
    this.first = new Float64Array(size);
    this.second = new Float64Array(size);
    if (state) {
      this.step = state.step;
      this.first.set(state.first);
      this.second.set(state.second);
    }
  }

  /** Move `weights` along `gradient` (the objective's gradient; ascent). */
  apply(weights: Float64Array, gradient: Float64Array): void {
    const { learningRate, beta1, beta2 } = this.options;
    const epsilon = this.options.epsilon ?? 1e-8;
    this.step += 1;
    const correction1 = 1 - beta1 ** this.step;
    const correction2 = 1 - beta2 ** this.step;
    for (let index = 0; index < this.size; index++) {
      const g = gradient[index]!;
      const m = beta1 * this.first[index]! + (1 - beta1) * g;
      const v = beta2 * this.second[index]! + (1 - beta2) * g * g;
      this.first[index] = m;
      this.second[index] = v;
      if (m === 0 && v === 0) continue;
      weights[index] = weights[index]! + (learningRate * (m / correction1)) / (Math.sqrt(v / correction2) + epsilon);
    }
  }

  /** The state to checkpoint. */
  state(): AdamState {
    return { step: this.step, first: Array.from(this.first), second: Array.from(this.second) };
  }
}
