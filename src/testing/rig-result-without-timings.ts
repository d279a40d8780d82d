import type { RigTaskResult } from "../rigger/rig-task.js";

/**
 * A task's result without what differs between two runs that decided alike: its wall time
 * and where its candidate was stored (the candidate's file name is kept).
 */
export function rigResultWithoutTimings(result: RigTaskResult): RigTaskResult {
  return {
    ...result,
    candidate: result.candidate === null ? null : (result.candidate.split(/[\\/]/).at(-1) ?? null),
    cost: { ...result.cost, wallMs: 0 },
  };
}
