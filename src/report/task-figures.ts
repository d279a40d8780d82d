import type { Trajectory } from "../core/trajectory.js";
import { turnsStandardDeviation } from "../rigger/candidate-evidence.js";
import { bestRevision } from "./best-revision.js";
import type { CheckpointedTask } from "../rigger/checkpointed-task-schema.js";
import type { ReportStats } from "../run-format/report-stats-schema.js";

/** A point estimate with its 95% interval (null bounds when the run kept too little to compute one). */
export interface Estimate {
  value: number;
  low: number | null;
  high: number | null;
  episodes: number;
}

/** The numbers of one batch of rollouts as the report charts them. */
export interface BatchFigures {
  success: Estimate;
  /** Mean policy steps; the interval is mean ± 1.96·sd/√n, as the decision rule uses. */
  steps: Estimate;
  stopReasons: Record<string, number>;
}

/** Baseline and after-rigging numbers of one task. */
export interface TaskFigures {
  baseline: BatchFigures | null;
  /** The accepted candidate's validation, or the best rejected revision (closest to the target). */
  after: (BatchFigures & { phase: "accepted" | "best rejected"; revision: number }) | null;
}

function figuresOf(stats: ReportStats, trajectories: Trajectory[] | null): BatchFigures {
  const margin =
    trajectories && trajectories.length >= 2
      ? (1.96 * turnsStandardDeviation(trajectories)) / Math.sqrt(trajectories.length)
      : null;
  return {
    success: {
      value: stats.successRate,
      low: stats.successInterval[0],
      high: stats.successInterval[1],
      episodes: stats.episodes,
    },
    steps: {
      value: stats.meanTurns,
      low: margin === null ? null : stats.meanTurns - margin,
      high: margin === null ? null : stats.meanTurns + margin,
      episodes: stats.episodes,
    },
    stopReasons: stats.stopReasons,
  };
}

/**
 * A task's figures: the baseline (all its trajectories are checkpointed, so its steps
 * interval is exact); after rigging, the accepted candidate's validation batch, or for a
 * rejected task its best revision (only a few of whose trajectories are kept: no steps
 * interval).
 */
export function taskFigures(task: CheckpointedTask): TaskFigures {
  const baseline = task.baseline ? figuresOf(task.baseline.stats, task.baseline.trajectories) : null;
  if (task.outcome === "accepted" && task.validation) {
    return {
      baseline,
      after: {
        ...figuresOf(task.validation.stats, task.validation.trajectories),
        phase: "accepted",
        revision: task.attempts.at(-1)?.revision ?? task.written,
      },
    };
  }
  const best = task.outcome === "rejected" ? bestRevision(task) : null;
  if (best)
    return { baseline, after: { ...figuresOf(best.stats!, null), phase: "best rejected", revision: best.revision } };
  return { baseline, after: null };
}
