import type { EnvDefinition } from "../core/env-definition.js";
import type { PolicyFactory } from "../core/policy.js";
import type { Trajectory } from "../core/trajectory.js";
import type { Designer } from "../designer/designer.js";
import type { BuildStackDependencies } from "../harness/build-stack.js";
import type { RolloutExecutor } from "../rollout/rollout-executor.js";
import type { CandidateStore } from "./candidate-store.js";
import type { CandidateIssue } from "./rig-state.js";
import type { TrajectoryBatchStore } from "./trajectory-batch-store.js";
import type { RunBudget } from "./run-budget.js";

/** One line of a run's event log. */
export interface RigEvent {
  taskId: string;
  node: string;
  message: string;
  data?: Record<string, unknown>;
}

/**
 * The live objects the rig graph needs. They are not part of the checkpointed state:
 * a resumed run rebuilds them from the run's configuration.
 */
export interface RigDependencies {
  env: EnvDefinition;
  policy: PolicyFactory;
  /**
   * The env's demonstrator (`EnvDefinition.demonstrator`, resolved): its successful episodes
   * are shown to the designer as `demonstrations`. Absent: none.
   */
  demonstrator?: PolicyFactory;
  designer: Designer;
  stack: BuildStackDependencies;
  /** Static check and trial load of a Rules source (issues as data). */
  checkRules(source: string): Promise<{ ok: boolean; issues: CandidateIssue[] }>;
  /** The declared harness API shown to designers. */
  harnessApi: string;
  store: CandidateStore;
  /** Per-trajectory predicate of the named weakness (weakness targets only). */
  weaknessShows?: (trajectory: Trajectory) => boolean;
  onEvent?: (event: RigEvent) => void;
  /**
   * Where rollout batches run (e.g. a queue executor). Default: in this process, with `env`,
   * `policy` and `stack` above.
   */
  rollouts?: RolloutExecutor;
  /**
   * The run's rollout budget (`--budget-total`), shared with the run's other tasks: every
   * batch is granted by it first. Absent: no run budget.
   */
  runBudget?: RunBudget;
}

/**
 * What the rig graph's nodes get: the dependencies, where the thread's trajectory batches
 * are stored, and who is told of every batch rolled out (the task's cost meter).
 */
export type RigNodeDependencies = RigDependencies & {
  trajectories: TrajectoryBatchStore;
  onBatch?: (trajectories: Trajectory[]) => void;
};
