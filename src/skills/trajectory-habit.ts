import type { Trajectory } from "../core/trajectory.js";
import type { ToolRoles } from "../analysis/tool-roles.js";
import type { TrajectoryCall } from "../analysis/trajectory-calls.js";

/** Wording of an item for one direction of a habit. */
export interface HabitWording {
  title: string;
  description: string;
  content: string;
}

/**
 * A behaviour a miner counts in trajectories, generic over envs: it reads only the calls
 * (tool roles as the heuristic designer infers them) and what the policy saw.
 */
export interface TrajectoryHabit {
  id: string;
  /** Whether the env's tools allow the habit at all (e.g. it has a verification tool). */
  applies(roles: ToolRoles): boolean;
  /**
   * Whether the habit shows in one episode: `true`/`false`, or `null` when the episode
   * never reached the situation the habit is about (it is then left out of the counts).
   */
  shows(calls: readonly TrajectoryCall[], trajectory: Trajectory): boolean | null;
  /** How the evidence names the habit, e.g. "ran the verification tool (test) before finishing (submit)". */
  phrase(roles: ToolRoles): string;
  /** The item when showing the habit goes with success. */
  whenHelps(roles: ToolRoles): HabitWording;
  /** The item when showing the habit goes with failure. */
  whenHurts(roles: ToolRoles): HabitWording;
}
