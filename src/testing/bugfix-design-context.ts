import { bugFixTools } from "../bridges/bugfix/index.js";
import type { Trajectory } from "../core/trajectory.js";
import type { DesignContext } from "../designer/designer.js";
import { DEFAULT_TARGET } from "../designer/target.js";
import { summarize } from "../rollout/summarize.js";

/**
 * A designer's context on BugFix's `clamp-0` with `trajectories` as the baseline (the
 * default target, no attempts): what designer tests hand to `diagnose` and `write`.
 */
export function bugfixDesignContext(trajectories: Trajectory[], seed: number): DesignContext {
  return {
    envId: "bugfix",
    taskId: "clamp-0",
    instruction: trajectories[0]!.initialObservation.text,
    tools: bugFixTools(),
    stateSchema: "",
    harnessApi: "",
    target: DEFAULT_TARGET,
    baseline: { stats: summarize(trajectories), trajectories },
    attempts: [],
    seed,
  };
}
