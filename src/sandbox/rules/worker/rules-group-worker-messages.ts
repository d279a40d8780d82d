import type { ComponentHooks } from "../component-hooks.js";
import type { ComponentIssue } from "../component-issue.js";
import type { GroupComponentScript } from "../create-rules-group-sandbox.js";
import type { RulesSandboxOptions } from "../rules-sandbox-options.js";

/** What a Rules group worker is started with: the checked, transpiled components and the sandbox options. */
export interface RulesGroupWorkerData {
  components: GroupComponentScript[];
  options: RulesSandboxOptions;
}

/** The worker's first message: the group loaded (each member's hooks and `usesState`), or the first component that did not. */
export type RulesGroupWorkerLoaded =
  | { kind: "loaded"; ok: true; members: { hooks: ComponentHooks; usesState: boolean }[] }
  | { kind: "loaded"; ok: false; index: number; issues: ComponentIssue[] };

/** A member's single-hook call. */
export type MemberHookName = "filterAction" | "modifyTransition" | "filterObservation";

/**
 * A request to the worker: a group call or a member's hook call (answered under its `id`),
 * or `setMemory` / `disposeMember` / `close` (not answered; the worker handles messages in
 * order; `close`, sent once every member is disposed, ends the thread).
 */
export type RulesGroupWorkerRequest =
  | { kind: "group"; id: number; method: "filterActions" | "transitions" | "observations"; args: unknown[] }
  | { kind: "member"; id: number; layer: number; hook: MemberHookName; args: unknown[] }
  | { kind: "setMemory"; layer: number; memory: unknown }
  | { kind: "disposeMember"; layer: number }
  | { kind: "close" };

/** The answer to a request: its value, or the message of what the worker threw (a bug here). */
export type RulesGroupWorkerReply =
  | { kind: "reply"; id: number; ok: true; value: unknown }
  | { kind: "reply"; id: number; ok: false; message: string };
