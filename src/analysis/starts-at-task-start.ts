import type { Trajectory } from "../core/trajectory.js";

/** Layers that move where an episode starts (a Setup replays actions first; a Chain runs another task first). */
const START_MOVING_LAYERS = ["Setup", "Chain"] as const;

/**
 * The layer names of a stack as its trajectories print it (`describe()`: `Rules<Setup<bugfix>>`,
 * `Chain<a, b>`), outermost first; the base env's id is not a layer.
 */
export function stackLayerNames(stack: string): string[] {
  return [...stack.matchAll(/([A-Za-z][\w-]*)</g)].map((match) => match[1]!);
}

/**
 * Whether the episode started where its task starts: no layer of its stack moved the start
 * (no Setup, no Chain). Rewards of such episodes are comparable with each other and with the
 * env's own runs of the task; an episode that began after a replayed prefix earned only the
 * rest of the task's reward.
 */
export function startsAtTaskStart(trajectory: Pick<Trajectory, "stack">): boolean {
  const names = stackLayerNames(trajectory.stack);
  return !START_MOVING_LAYERS.some((name) => names.includes(name));
}
