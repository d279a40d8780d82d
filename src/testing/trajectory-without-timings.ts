import type { Trajectory } from "../core/trajectory.js";

/** A trajectory without its wall-clock fields (`durationMs`, per-step `policyMs`/`stepMs`), to compare runs. */
export function trajectoryWithoutTimings(trajectory: Trajectory): Omit<Trajectory, "durationMs" | "steps"> & {
  steps: Array<Omit<Trajectory["steps"][number], "policyMs" | "stepMs">>;
} {
  const { durationMs: _duration, steps, ...rest } = trajectory;
  return { ...rest, steps: steps.map(({ policyMs: _policy, stepMs: _step, ...step }) => step) };
}
