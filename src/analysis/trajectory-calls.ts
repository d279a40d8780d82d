import { stableStringify, type Json } from "../core/json.js";
import type { Trajectory } from "../core/trajectory.js";
import type { ToolRole, ToolRoles } from "./tool-roles.js";

/** One policy call of a trajectory, reduced to what the detectors read. */
export interface TrajectoryCall {
  turn: number;
  /** The tool named (null for a malformed call). */
  name: string | null;
  /** Identity of the call: the structured action serialised with sorted keys, or the raw text when malformed. */
  key: string;
  role: ToolRole | null;
  /** What the policy saw after the call. */
  observation: string;
  /** A harness layer blocked the call (it never reached the env). */
  blocked: boolean;
  /** The env refused the call (malformed or rejected), not counting blocks. */
  refused: boolean;
}

/** The policy's calls of a trajectory, in order. */
export function trajectoryCalls(trajectory: Trajectory, roles: ToolRoles): TrajectoryCall[] {
  return trajectory.steps.map((step) => {
    const blocked = step.envAction === null;
    const error = step.info.actionError;
    const parsed = step.parsedAction;
    return {
      turn: step.turn,
      name: parsed?.name ?? null,
      key: parsed
        ? stableStringify(parsed as unknown as Json)
        : `text:${typeof step.policyAction === "string" ? step.policyAction : stableStringify(step.policyAction as unknown as Json)}`,
      role: parsed ? roles.roleOf(parsed.name) : null,
      observation: step.observation.text,
      blocked,
      refused: !blocked && (parsed === null || (error !== undefined && error !== null)),
    };
  });
}

/** A verification call that ran (neither blocked nor refused). */
export function isVerification(call: TrajectoryCall): boolean {
  return call.role === "verification" && !call.blocked && !call.refused;
}

/** The index of the first call that tried to finish (blocked or not), or -1. */
export function firstFinishIndex(calls: readonly TrajectoryCall[]): number {
  return calls.findIndex((call) => call.role === "finishing");
}
