import type { ComponentHooks } from "../component-hooks.js";
import type { ComponentIssue } from "../component-issue.js";
import { createRulesGroupSandbox, type GroupComponentScript } from "../create-rules-group-sandbox.js";
import type { RulesSandboxOptions } from "../rules-sandbox-options.js";
import type { SandboxRulesGroup, SavedGroupMembers } from "../sandbox-rules-group.js";
import { groupKey } from "./rules-group-worker-messages.js";

/** Each member's hooks and whether they read state, as a pool worker answers a `load`. */
type MemberShapes = { hooks: ComponentHooks; usesState: boolean }[];

/** One loaded isolate of a stack's Rules group and the sessions that use it. */
interface SharedIsolate {
  key: string;
  components: GroupComponentScript[];
  options: RulesSandboxOptions;
  /** Undefined after the isolate died in a call: loaded again for the next session that calls. */
  group: SandboxRulesGroup | undefined;
  members: MemberShapes;
  /** The session whose state is in the isolate now. */
  current: number | undefined;
  sessions: number;
  /** Kept loaded while no session uses it (a spare thread warmed for the stack, see `warm`). */
  warm: boolean;
}

/** One session (a placement of the pool) on a shared isolate. */
interface Session {
  shared: SharedIsolate;
  /** Its state while another session's is in the isolate (undefined: as loaded). */
  saved: SavedGroupMembers | undefined;
  /** The group whose isolate died in this session's call: it answers the fatal failure from then on. */
  dead: SandboxRulesGroup | undefined;
  /** Its layers not disposed yet. */
  live: Set<number>;
}

/** The answer to a load: each member's shape, or the first component that did not load. */
export type SharedGroupLoad =
  | { ok: true; members: MemberShapes }
  | { ok: false; index: number; issues: ComponentIssue[] };

/** Dispose every member of a group (its isolate goes with the last one). */
function dispose(group: SandboxRulesGroup): void {
  for (const member of group.members) member.dispose();
}

/**
 * The Rules groups of one pool worker: the sessions of one stack (the same checked
 * components and sandbox options) share one isolate, loaded once, instead of an isolate
 * each (≈ 1.4 MB and a load of tens of ms per session). What a session keeps between calls
 * is its members' state (each layer's memory and the action it passed on last): the
 * isolate holds one session's state at a time, and before a call of another session the
 * worker takes it out and puts that session's in (`SandboxRulesGroup.saveMembers` /
 * `restoreMembers`). A component has no other place to keep anything (its module values
 * are frozen constants, the static check refuses module state, and every intrinsic is
 * frozen), so a session sees exactly what it would see in an isolate of its own. A hook
 * that exhausts the heap kills the isolate: its session answers the fatal `memory`
 * failure from then on, and the other sessions, whose state was out, go on in an isolate
 * loaded again.
 */
export class SharedGroupIsolates {
  readonly #isolates = new Map<string, SharedIsolate>();
  readonly #sessions = new Map<number, Session>();

  /** Place the session `placement` on the stack's isolate (loaded now when none is live). */
  load(placement: number, components: GroupComponentScript[], options: RulesSandboxOptions): SharedGroupLoad {
    const found = this.#shared(components, options);
    if (!found.ok) return found;
    const shared = found.shared;
    shared.sessions += 1;
    const live = new Set(shared.members.map((_member, layer) => layer));
    this.#sessions.set(placement, { shared, saved: undefined, dead: undefined, live });
    return { ok: true, members: shared.members };
  }

  /**
   * Keep exactly these stacks' isolates loaded while no session uses them (a spare thread
   * of the pool, so that a session moved here by the pool finds its stack's isolate ready
   * instead of loading it: tens of ms of CPU, far more wall time on a loaded machine); the
   * isolates of other stacks go once no session uses them. A stack that does not load is
   * skipped (a session's own `load` answers why).
   */
  warm(stacks: readonly { components: GroupComponentScript[]; options: RulesSandboxOptions }[]): void {
    const keys = new Set<string>();
    for (const stack of stacks) {
      const found = this.#shared(stack.components, stack.options);
      if (!found.ok) continue;
      found.shared.warm = true;
      keys.add(found.shared.key);
    }
    for (const shared of [...this.#isolates.values()])
      if (!keys.has(shared.key)) {
        shared.warm = false;
        if (shared.sessions === 0) this.#leave(shared, 0);
      }
  }

  /** The stack's isolate, loaded now when none is live. */
  #shared(
    components: GroupComponentScript[],
    options: RulesSandboxOptions,
  ): { ok: true; shared: SharedIsolate } | Extract<SharedGroupLoad, { ok: false }> {
    const key = groupKey(components, options);
    let shared = this.#isolates.get(key);
    if (!shared) {
      const sandbox = createRulesGroupSandbox(components, options);
      if (!sandbox.ok) return { ok: false, index: sandbox.index, issues: sandbox.issues };
      const members = sandbox.group.members.map((member) => ({ hooks: member.hooks, usesState: member.usesState }));
      shared = {
        key,
        components,
        options,
        group: sandbox.group,
        members,
        current: undefined,
        sessions: 0,
        warm: false,
      };
      this.#isolates.set(key, shared);
    }
    return { ok: true, shared };
  }

  /** The group to call for the session `placement`, its state in (undefined: no such session here). */
  use(placement: number): SandboxRulesGroup | undefined {
    const session = this.#sessions.get(placement);
    if (!session) return undefined;
    if (session.dead) return session.dead;
    const shared = session.shared;
    if (!shared.group) {
      const sandbox = createRulesGroupSandbox(shared.components, shared.options);
      if (!sandbox.ok) throw new Error(`the Rules group no longer loads: ${sandbox.issues[0]?.message ?? ""}`);
      shared.group = sandbox.group;
      shared.current = undefined;
    }
    if (shared.current !== placement) {
      const previous = shared.current === undefined ? undefined : this.#sessions.get(shared.current);
      if (previous) previous.saved = shared.group.saveMembers();
      shared.group.restoreMembers(session.saved);
      session.saved = undefined;
      shared.current = placement;
    }
    return shared.group;
  }

  /** After a call of `placement`: when its isolate died in it, the session keeps the dead group and the others get a new isolate. */
  called(placement: number): void {
    const session = this.#sessions.get(placement);
    const shared = session?.shared;
    if (!session || session.dead || !shared?.group?.deadFailure) return;
    session.dead = shared.group;
    shared.group = undefined;
    shared.current = undefined;
    this.#leave(shared);
  }

  /** Whether the session's layer was disposed (its calls answer the `disposed` failure). */
  disposed(placement: number, layer: number): boolean {
    const session = this.#sessions.get(placement);
    return session !== undefined && !session.live.has(layer);
  }

  disposeMember(placement: number, layer: number): void {
    this.#sessions.get(placement)?.live.delete(layer);
  }

  /** Forget a session (done, or moved to another worker); the isolate goes with its last session. */
  drop(placement: number): void {
    const session = this.#sessions.get(placement);
    if (!session) return;
    this.#sessions.delete(placement);
    if (session.dead) return dispose(session.dead);
    if (session.shared.current === placement) session.shared.current = undefined;
    this.#leave(session.shared);
  }

  /** Dispose every isolate (the thread ends). */
  disposeAll(): void {
    for (const placement of [...this.#sessions.keys()]) this.drop(placement);
    this.warm([]);
  }

  /** A session left the isolate (`by` 1; 0: the isolate is no longer kept warm); it goes when neither uses it. */
  #leave(shared: SharedIsolate, by = 1): void {
    shared.sessions -= by;
    if (shared.sessions > 0 || shared.warm) return;
    if (shared.group) dispose(shared.group);
    this.#isolates.delete(shared.key);
  }
}
