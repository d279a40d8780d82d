import { createRng, deriveSeed } from "../core/seeding.js";
import type { ServedMember, ServedSet } from "./served-member.js";

/** The outcome of choosing a member: the member, or why none fits the request. */
export type PickedMember =
  | { ok: true; member: ServedMember }
  | { ok: false; message: string; field: "task_id" | "stack_id" };

/**
 * Choose the member of `set` a reset runs: the ones named by `taskId` / `stackId` (both
 * must fit when both are given), then one of those drawn from `seed` with the set's
 * weights — the same seed always draws the same member.
 */
export function pickMember(set: ServedSet, seed: number, request: { taskId?: string; stackId?: string }): PickedMember {
  const indices: number[] = [];
  set.members.forEach((member, index) => {
    if (request.taskId !== undefined && member.taskId !== request.taskId) return;
    if (request.stackId !== undefined && member.stackId !== request.stackId) return;
    indices.push(index);
  });
  if (indices.length === 0) {
    const field = request.stackId !== undefined ? "stack_id" : "task_id";
    const known =
      field === "stack_id"
        ? set.members.map((member) => member.stackId)
        : [...new Set(set.members.map((member) => member.taskId))];
    const asked = field === "stack_id" ? request.stackId : request.taskId;
    const both =
      request.stackId !== undefined && request.taskId !== undefined
        ? ` with task_id ${JSON.stringify(request.taskId)}`
        : "";
    return {
      ok: false,
      field,
      message: `no served stack has ${field} ${JSON.stringify(asked)}${both}; served: ${known.slice(0, 20).join(", ")}${known.length > 20 ? ", …" : ""}`,
    };
  }
  if (indices.length === 1) return { ok: true, member: set.members[indices[0]!]! };
  const weights = indices.map((index) => set.weights[index] ?? 1);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let draw = createRng(deriveSeed(seed, "serve-member")).next() * total;
  for (const [position, index] of indices.entries()) {
    draw -= weights[position]!;
    if (draw < 0) return { ok: true, member: set.members[index]! };
  }
  return { ok: true, member: set.members[indices.at(-1)!]! };
}
