import type { ComponentHooks } from "../component-hooks.js";
import type { ComponentIssue } from "../component-issue.js";
import type { GroupComponentScript } from "../create-rules-group-sandbox.js";
import type { RulesSandboxOptions } from "../rules-sandbox-options.js";

/** What a pool worker is started with: the buffer of cancelled placements it shares with the pool (see `RulesGroupPool`). */
export interface RulesGroupWorkerData {
  cancelled: SharedArrayBuffer;
}

/** The answer to a `load`: the group loaded (each member's hooks and `usesState`), or the first component that did not. */
export type RulesGroupWorkerLoaded =
  | { kind: "loaded"; placement: number; ok: true; members: { hooks: ComponentHooks; usesState: boolean }[] }
  | { kind: "loaded"; placement: number; ok: false; index: number; issues: ComponentIssue[] };

/** A member's single-hook call. */
export type MemberHookName = "filterAction" | "modifyTransition" | "filterObservation";

/**
 * A request to a pool worker about one placed group (`placement`: the number the pool gave
 * this group on this worker): `load` it (checked, transpiled components, the sandbox options,
 * and each layer's memory when the group moves here from another worker), a group call or a
 * member's hook call (answered under its `id`), or `setMemory` / `disposeMember` / `drop`
 * (not answered); `warm` (no placement, not answered) keeps exactly these stacks' isolates
 * loaded for sessions that may move here (see `SharedGroupIsolates.warm`); `end` disposes every isolate and ends the thread. The worker handles messages in order; a request of a placement the pool
 * has cancelled (the group moved) is skipped.
 */
export type RulesGroupWorkerRequest =
  | {
      kind: "load";
      placement: number;
      components: GroupComponentScript[];
      options: RulesSandboxOptions;
      memories: (unknown | undefined)[];
    }
  | {
      kind: "group";
      placement: number;
      id: number;
      method: "filterActions" | "transitions" | "observations";
      args: unknown[];
    }
  | { kind: "member"; placement: number; id: number; layer: number; hook: MemberHookName; args: unknown[] }
  | { kind: "setMemory"; placement: number; layer: number; memory: unknown }
  | { kind: "disposeMember"; placement: number; layer: number }
  | { kind: "drop"; placement: number }
  | { kind: "warm"; stacks: { components: GroupComponentScript[]; options: RulesSandboxOptions }[] }
  | { kind: "end" };

/** The answer to a call: its value, or the message of what the worker threw (a bug here). */
export type RulesGroupWorkerReply =
  | { kind: "reply"; id: number; ok: true; value: unknown }
  | { kind: "reply"; id: number; ok: false; message: string };

/**
 * Every message a pool worker sends (`ready` first, once its modules are loaded, with the
 * operating system's id of its thread where the system tells it: Linux, where the pool reads
 * the thread's CPU time).
 */
export type RulesGroupWorkerMessage =
  | { kind: "ready"; systemThreadId: number | undefined }
  | RulesGroupWorkerLoaded
  | RulesGroupWorkerReply;

/** Slots of the cancelled-placements buffer (a placement's slot: its number modulo this). */
export const cancelledSlots = 1 << 16;

/** The key of a stack's Rules group (its checked components and sandbox options): the sessions of one key share an isolate on a worker. */
export function groupKey(components: GroupComponentScript[], options: RulesSandboxOptions): string {
  return JSON.stringify([components, options]);
}
