import { Annotation } from "@langchain/langgraph";
import { EnvriggerError } from "../core/errors.js";
import { parseWith } from "../core/validate.js";
import type { CandidateProposal } from "../designer/candidate.js";
import type { Attempt, DecisionFeedback, Diagnosis } from "../designer/designer.js";
import type { RunMeasurement } from "../designer/run-measurement.js";
import type { RolloutStats } from "../rollout/summarize.js";
import type { CandidateEvidence } from "./decision-rule.js";
import type { MixturePoint } from "./mixture-posterior.js";
import { rigConfigSchema, type RigConfig } from "./rig-config.js";
import type { StoredTrajectories } from "./trajectory-batch-store.js";
import { addCosts, emptyCost, type CostRecord } from "../run-format/cost-record.js";

/** A problem found before a candidate ran (static check, load, setup replay, designer output). */
export interface CandidateIssue {
  code: string;
  message: string;
  line?: number;
  /** For `designer-error`: the error code the designer failed with. */
  errorCode?: string;
}

/**
 * Baseline or validation rollouts: statistics, and the trajectories kept for the designer
 * and report — a reference to the batch in the thread's trajectory store (see
 * `trajectoryStoreOf`), so checkpoints do not carry them.
 */
export interface RolloutBatch {
  stats: RolloutStats;
  trajectories: StoredTrajectories;
}

/**
 * An attempt as the state keeps it: its few validation trajectories by reference, like a
 * batch's, and — for a candidate that declared a mixture — its episodes split by the
 * recorded draw, which later candidates of the same experiment pool.
 */
export type StoredAttempt = Omit<Attempt, "trajectories"> & {
  trajectories?: StoredTrajectories;
  mixturePoint?: MixturePoint;
};

/** How a task's rigging ended. */
export type RigOutcome = "accepted" | "rejected" | "skipped";

const last = <T>(initial: T) => Annotation<T>({ reducer: (_previous: T, next: T) => next, default: () => initial });

/** The LangGraph state of one task's rigging (one thread in the checkpointer). */
export const RigStateAnnotation = Annotation.Root({
  config: last<RigConfig | null>(null),
  baseline: last<RolloutBatch | null>(null),
  diagnosis: last<Diagnosis | null>(null),
  proposal: last<CandidateProposal | null>(null),
  issues: last<CandidateIssue[]>([]),
  validation: last<
    (RolloutBatch & { evidence: CandidateEvidence; verdict: DecisionFeedback; mixturePoint?: MixturePoint }) | null
  >(null),
  verdict: last<DecisionFeedback | null>(null),
  /** What the run measured on its earlier tasks, given when the thread starts (see `DesignContext.runMeasurements`). */
  runMeasurements: last<RunMeasurement[]>([]),
  attempts: Annotation<StoredAttempt[]>({ reducer: (previous, next) => previous.concat(next), default: () => [] }),
  /** Candidates written so far (including ones that failed to parse or check). */
  written: last<number>(0),
  outcome: last<RigOutcome | null>(null),
  /** Path of the stored accepted candidate. */
  candidatePath: last<string | null>(null),
  usage: last<{ inputTokens: number; outputTokens: number; calls: number }>({
    inputTokens: 0,
    outputTokens: 0,
    calls: 0,
  }),
  /** What the task has spent so far (each node adds its own; checkpointed, so a resumed task keeps counting). */
  cost: Annotation<CostRecord>({ reducer: (previous, next) => addCosts(previous, next), default: emptyCost }),
});

/** The state type. */
export type RigState = typeof RigStateAnnotation.State;
/** A partial update returned by a node. */
export type RigUpdate = typeof RigStateAnnotation.Update;

const parsedConfigs = new WeakMap<object, RigConfig>();

/**
 * The task's configuration from its state, read through {@link rigConfigSchema} (defaults
 * filled in). Parsed once per stored config object.
 */
export function configOf(state: Pick<RigState, "config">): RigConfig {
  const stored = state.config;
  if (!stored) throw new EnvriggerError("INTERNAL", "the rig state has no configuration");
  let config = parsedConfigs.get(stored);
  if (!config) {
    config = parseWith(rigConfigSchema, stored, "checkpointed rig configuration", "BAD_CONFIG");
    parsedConfigs.set(stored, config);
  }
  return config;
}
