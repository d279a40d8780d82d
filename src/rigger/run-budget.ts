import { EnvriggerError } from "../core/errors.js";
import { BUDGET_EXHAUSTED } from "./rollout-budget.js";

/**
 * A run's rollout budget (`--budget-total`): rollouts summed over every task of a
 * curriculum (or a rig), shared by all its lanes. Every batch the rig loop rolls out is
 * granted first (`runRigBatch`): a grant is at most what the run has left — spent and
 * granted-but-running batches counted — so the run never spends more than its total, with
 * any number of lanes; the last batches are trimmed to what is left.
 */
export interface RunBudget {
  /** The run's total. */
  readonly total: number;
  /** Grant up to `wanted` rollouts (0 when the run's total is spent); held until {@link settle}. */
  reserve(wanted: number): Promise<number>;
  /** Of a grant of `granted`, `used` rollouts ran (the rest returns to the run). */
  settle(granted: number, used: number): Promise<void>;
  /** Rollouts the run has left: its total less what ran and what is granted. */
  remaining(): Promise<number>;
}

/**
 * The run's budget in this process: the curriculum's coordinator holds one, and its task
 * processes reach it through {@link RunBudget} messages. `spent` is what the run's
 * checkpoints already hold (a resumed run keeps counting).
 */
export class LocalRunBudget implements RunBudget {
  private spent: number;
  private granted = 0;

  constructor(
    readonly total: number,
    spent = 0,
  ) {
    this.spent = spent;
  }

  async reserve(wanted: number): Promise<number> {
    const grant = Math.max(0, Math.min(wanted, this.total - this.spent - this.granted));
    this.granted += grant;
    return grant;
  }

  async settle(granted: number, used: number): Promise<void> {
    this.granted -= granted;
    this.spent += used;
  }

  async remaining(): Promise<number> {
    return Math.max(0, this.total - this.spent - this.granted);
  }

  /** Rollouts spent so far (what the run started with included). */
  spentSoFar(): number {
    return this.spent;
  }
}

/** The error of a task whose first rollout the run's budget could not grant: it is reported as not rigged. */
export function runBudgetSpentBefore(taskId: string, budget: RunBudget | undefined): EnvriggerError {
  return new EnvriggerError(
    BUDGET_EXHAUSTED,
    `the run's budget of ${budget?.total ?? 0} rollouts was spent before task ${taskId} started`,
    { hint: "raise --budget-total to rig more tasks" },
  );
}

/** The message of a verdict reached when the run's budget is spent: the reason code, the run's total, and the verdict's own message. */
export function runBudgetMessage(budget: RunBudget, message: string): string {
  return `${BUDGET_EXHAUSTED} (the run's ${budget.total} rollouts are spent): ${message}`;
}
