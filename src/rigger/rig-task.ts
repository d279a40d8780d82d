import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { childSignal } from "../core/child-signal.js";
import { EnvriggerError } from "../core/errors.js";
import type { PooledSuccess } from "../designer/designer.js";
import type { RunMeasurement } from "../designer/run-measurement.js";
import type { RolloutStats } from "../rollout/summarize.js";
import { rigConfigSchema, type RigConfig, type RigConfigInput } from "./rig-config.js";
import type { RigDependencies } from "./rig-dependencies.js";
import { createRigGraph } from "./rig-graph.js";
import { configOf, type RigOutcome, type RigState } from "./rig-state.js";
import { parseWith } from "../core/validate.js";
import type { CostRecord } from "../run-format/cost-record.js";

/** Success rate, mean steps and episodes of a batch of rollouts. */
export interface RateSummary {
  successRate: number;
  successInterval: [number, number];
  meanSteps: number;
  episodes: number;
  /**
   * The estimate the rule accepted on when it was not the batch's own rate: the pooled
   * estimate of a mixture experiment at this candidate's share (every episode of the
   * experiment's candidates and the baseline's; see `CandidateEvidence.pooled`). Absent when
   * the candidate's own episodes decided.
   */
  pooled?: PooledSuccess;
}

/** One task's result in a curriculum (the `curriculum --json` task entry). */
export interface RigTaskResult {
  taskId: string;
  outcome: RigOutcome;
  baseline: RateSummary;
  /** The accepted candidate's validation numbers (null unless accepted). */
  accepted: RateSummary | null;
  /** The best rejected attempt's numbers (closest to the target), when rejected. */
  best: (RateSummary & { decision: string }) | null;
  /** Revisions after the first candidate. */
  revisions: number;
  /** Rollouts spent on this task: the baseline's and every validation's (confirmation batches included). */
  rollouts: number;
  /** Path of the stored candidate (accepted only). */
  candidate: string | null;
  diagnosis: string;
  usage: { inputTokens: number; outputTokens: number; calls: number };
  /** Why the designer failed, when it did (its latest failure; null otherwise). */
  error: { code: string; message: string } | null;
  /** What rigging the task spent: rollouts, env steps, wall time, policy and designer tokens. */
  cost: CostRecord;
}

function rates(stats: RolloutStats): RateSummary {
  return {
    successRate: stats.successRate,
    successInterval: stats.successInterval,
    meanSteps: stats.meanTurns,
    episodes: stats.episodes,
  };
}

/** The accepted validation's rates, with the pooled estimate when the verdict was judged on it. */
function acceptedRates(validation: NonNullable<RigState["validation"]>): RateSummary {
  const { pooled } = validation.verdict;
  return { ...rates(validation.stats), ...(pooled ? { pooled } : {}) };
}

/** The result of a finished task thread. */
export function resultOf(state: RigState): RigTaskResult {
  const config = configOf(state);
  const measured = state.attempts.filter((attempt) => attempt.stats !== null && attempt.decision !== null);
  const best = measured.sort(
    (left, right) => Math.abs(left.decision!.distance) - Math.abs(right.decision!.distance),
  )[0];
  return {
    taskId: config.taskId,
    outcome: state.outcome!,
    baseline: rates(state.baseline!.stats),
    accepted: state.outcome === "accepted" && state.validation ? acceptedRates(state.validation) : null,
    best:
      state.outcome === "rejected" && best
        ? {
            ...rates(best.stats!),
            decision: `${best.decision!.decision} (${best.decision!.direction}): ${best.decision!.message}`,
          }
        : null,
    revisions: Math.max(0, state.written - 1),
    rollouts:
      state.baseline!.stats.episodes + state.attempts.reduce((sum, attempt) => sum + (attempt.stats?.episodes ?? 0), 0),
    candidate: state.candidatePath,
    diagnosis: state.diagnosis?.text ?? "",
    usage: state.usage,
    error: designerError(state),
    cost: state.cost,
  };
}

/** The designer's latest failure in this thread (a `designer-error` issue), if any. */
function designerError(state: RigState): RigTaskResult["error"] {
  const issues = [...state.attempts.flatMap((attempt) => attempt.issues), ...state.issues];
  const failure = issues.filter((issue) => issue.code === "designer-error").at(-1);
  return failure ? { code: failure.errorCode ?? "INTERNAL", message: failure.message } : null;
}

/**
 * Rig one task: run (or resume) its thread of the rig graph. With a checkpointer, a task
 * whose thread already finished returns its stored result without running anything, and
 * an interrupted thread continues from its last checkpoint. The thread's trajectories are
 * stored beside its checkpoints (see `trajectoryStoreOf`): a persistent checkpointer should
 * come from `openCheckpointer`, whose file holds both. `signal` stops the thread before its
 * next graph step; its checkpoints are kept, so it resumes. `runMeasurements`: what the run
 * measured on the tasks this one aims from, read when the thread starts (never on resume:
 * the thread's state keeps it).
 */
export async function rigTask(
  input: RigConfigInput,
  dependencies: RigDependencies,
  checkpointer?: BaseCheckpointSaver,
  signal?: AbortSignal,
  runMeasurements: () => Promise<RunMeasurement[]> = async () => [],
): Promise<RigTaskResult> {
  const config: RigConfig = parseWith(rigConfigSchema, input, "rig configuration", "BAD_CONFIG");
  // LangGraph leaves a listener on the signal of every invoke: a task's own signal keeps them off the run's.
  const { signal: taskSignal, release } = childSignal(signal);
  try {
    return await rigThread(config, dependencies, checkpointer, taskSignal, runMeasurements);
  } finally {
    release();
  }
}

async function rigThread(
  config: RigConfig,
  dependencies: RigDependencies,
  checkpointer: BaseCheckpointSaver | undefined,
  signal: AbortSignal | undefined,
  runMeasurements: () => Promise<RunMeasurement[]>,
): Promise<RigTaskResult> {
  const app = createRigGraph(dependencies, checkpointer);
  const runConfig = {
    configurable: { thread_id: `${config.envId}/${config.taskId}` },
    recursionLimit: 40 + 8 * (config.revisions + 1),
    durability: "sync" as const,
    ...(signal ? { signal } : {}),
  };
  // A thread starts with what the run measured so far; a resumed one keeps what it started with.
  const start = async () => app.invoke({ config, runMeasurements: await runMeasurements() }, runConfig);
  let state: RigState;
  if (checkpointer) {
    const snapshot = await app.getState(runConfig);
    const values = snapshot.values as Partial<RigState>;
    if (values.outcome && snapshot.next.length === 0) return resultOf(values as RigState);
    state = (snapshot.next.length > 0 ? await app.invoke(null, runConfig) : await start()) as RigState;
  } else {
    state = (await start()) as RigState;
  }
  if (!state.outcome)
    throw new EnvriggerError("INTERNAL", `task ${config.taskId}: the rig graph ended without an outcome`);
  return resultOf(state);
}
