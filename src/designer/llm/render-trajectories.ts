import type { Trajectory } from "../../core/trajectory.js";
import { renderTrajectory } from "../render-trajectory.js";

/** Options of {@link renderTrajectories}. */
export interface RenderTrajectoriesOptions {
  /** Heading of each rollout, numbered (e.g. `Baseline rollout` → `Baseline rollout 2 of 5`). */
  title: string;
  /** Characters all renderings together may take. */
  budgetChars: number;
  /** Fewer characters than this per rollout and fewer rollouts are shown instead. Default 2500. */
  minimumPerTrajectory?: number;
}

/** Failures first (they show the weakness), then successes (they bound it), alternating. */
function pickShown(trajectories: Trajectory[], count: number): number[] {
  const failures = trajectories.flatMap((trajectory, index) =>
    trajectory.evaluation?.success === true ? [] : [index],
  );
  const successes = trajectories.flatMap((trajectory, index) =>
    trajectory.evaluation?.success === true ? [index] : [],
  );
  const picked: number[] = [];
  while (picked.length < count && (failures.length > 0 || successes.length > 0)) {
    const failure = failures.shift();
    if (failure !== undefined) picked.push(failure);
    const success = picked.length < count ? successes.shift() : undefined;
    if (success !== undefined) picked.push(success);
  }
  return picked.sort((left, right) => left - right);
}

/**
 * Render a set of rollouts in full, within a total character budget: the budget is shared
 * equally (observations are cut head + tail to fit); when it cannot give every rollout
 * `minimumPerTrajectory` characters, a mix of failures and successes is shown and the rest
 * are named as omitted (the statistics still cover all of them).
 */
export function renderTrajectories(trajectories: Trajectory[], options: RenderTrajectoriesOptions): string {
  if (trajectories.length === 0) return "(no rollouts)";
  const minimum = options.minimumPerTrajectory ?? 2500;
  const count = Math.max(1, Math.min(trajectories.length, Math.floor(options.budgetChars / minimum)));
  const shown = pickShown(trajectories, count);
  const perTrajectory = Math.floor(options.budgetChars / shown.length);
  const observationChars = Math.max(200, Math.min(1500, Math.floor(perTrajectory / 8)));
  const parts = shown.map((index) =>
    renderTrajectory(trajectories[index] as Trajectory, {
      title: `${options.title} ${index + 1} of ${trajectories.length}`,
      maxChars: perTrajectory,
      observationChars,
    }),
  );
  const omitted = trajectories.length - shown.length;
  if (omitted > 0)
    parts.push(
      `(${omitted} more rollout(s) not shown to fit the prompt; the statistics cover all ${trajectories.length})`,
    );
  return parts.join("\n\n");
}
