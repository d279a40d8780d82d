import { performance } from "node:perf_hooks";
import type { Trajectory } from "../core/trajectory.js";
import { addCosts, emptyCost, type CostRecord, type TokenCounts } from "../run-format/cost-record.js";

/** What a batch of episodes cost: its rollouts, env steps and policy tokens (no wall time, no designer tokens). */
export function batchCost(trajectories: Trajectory[]): CostRecord {
  const cost = emptyCost();
  for (const trajectory of trajectories) {
    cost.rollouts += 1;
    cost.envSteps += trajectory.steps.length;
    if (trajectory.policyTokens) {
      cost.policyTokens.inputTokens += trajectory.policyTokens.inputTokens;
      cost.policyTokens.outputTokens += trajectory.policyTokens.outputTokens;
      cost.policyTokens.calls += trajectory.policyTokens.calls;
      cost.policyTokens.cachedInputTokens =
        (cost.policyTokens.cachedInputTokens ?? 0) + (trajectory.policyTokens.cachedInputTokens ?? 0);
    }
  }
  return cost;
}

/**
 * Counts what each node of one task's rig graph spends, for the state's additive `cost`
 * channel: the batches it rolled out (reported through `record`, called by `runRigBatch`),
 * its wall time, and the designer's tokens it used (the difference of the designer's
 * running usage across the node, so a designer rebuilt on resume still adds only its own).
 * A task's nodes run one at a time, so one meter per graph is enough.
 */
export class TaskCostMeter {
  private spent: CostRecord = emptyCost();

  constructor(private readonly designerUsage: () => TokenCounts) {}

  /** Add a batch the current node rolled out. */
  readonly record = (trajectories: Trajectory[]): void => {
    this.spent = addCosts(this.spent, batchCost(trajectories));
  };

  /** `node` with its cost added to its update (nothing when it throws: a re-run on resume counts it then). */
  wrap<State, Update extends object>(
    node: (state: State) => Promise<Update>,
  ): (state: State) => Promise<Update & { cost: CostRecord }> {
    return async (state) => {
      this.spent = emptyCost();
      const started = performance.now();
      const before = this.designerUsage();
      const update = await node(state);
      const after = this.designerUsage();
      const cost: CostRecord = {
        ...this.spent,
        wallMs: performance.now() - started,
        designerTokens: {
          inputTokens: Math.max(0, after.inputTokens - before.inputTokens),
          outputTokens: Math.max(0, after.outputTokens - before.outputTokens),
          calls: Math.max(0, after.calls - before.calls),
        },
      };
      return { ...update, cost };
    };
  }
}
