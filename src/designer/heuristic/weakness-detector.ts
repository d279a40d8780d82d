import type { ToolSpec } from "../../core/tool-spec.js";
import type { Trajectory } from "../../core/trajectory.js";
import type { RolloutStats } from "../../rollout/summarize.js";
import type { Weakness } from "../designer.js";
import type { Target } from "../target.js";
import type { ToolRoles } from "../../analysis/tool-roles.js";

/** What a detector reads: the baseline's trajectories and statistics, the tools' roles and the target. */
export interface DetectionInput {
  trajectories: readonly Trajectory[];
  stats: RolloutStats;
  roles: ToolRoles;
  target: Target;
  /** The env's demonstrator's successful episodes of the task, where it names one (what a success pays). */
  demonstrations?: readonly Trajectory[];
}

/**
 * A weakness detector over any env's trajectories. `detect` returns the weakness with its
 * evidence when the data shows it (or, with `force`, whatever the rate, for a named
 * weakness target); `shows` is the per-trajectory predicate the decision rule uses to
 * split validation rollouts for a weakness target.
 */
export interface WeaknessDetector {
  /** Stable id, e.g. `skips-verification`. */
  readonly id: string;
  /** What the weakness is, in a few words. */
  readonly summary: string;
  /** Every pattern must match a user's weakness text for {@link matchWeakness} to pick this detector. */
  readonly patterns: readonly RegExp[];
  /** The weakness and its evidence, or null when the data does not show it (`force`: report it anyway when it applies). */
  detect(input: DetectionInput, force?: boolean): Weakness | null;
  /** Whether one trajectory shows the weakness; tools (when given) refine the classification of tool names. */
  shows(trajectory: Trajectory, tools?: readonly ToolSpec[]): boolean;
}
