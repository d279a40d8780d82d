import type { Action } from "../../../core/action.js";
import type { JsonObject } from "../../../core/json.js";
import type { Observation } from "../../../core/observation.js";
import type {
  GroupActionResult,
  GroupCall,
  GroupHookResult,
  GroupObservationResult,
  GroupTransitionResult,
  RulesGroupRuntime,
} from "../../../harness/rules-group-runtime.js";
import type {
  FilterActionDecision,
  HookContextInput,
  HookResult,
  RulesRuntime,
  TransitionInput,
  TransitionPatch,
} from "../../../harness/rules-runtime.js";
import type { ComponentHooks } from "../component-hooks.js";
import type { GroupComponentScript } from "../create-rules-group-sandbox.js";
import type { RulesSandboxOptions } from "../rules-sandbox-options.js";
import type { PendingRequest, PoolWorker } from "./pool-worker.js";
import { groupKey, type MemberHookName, type RulesGroupWorkerRequest } from "./rules-group-worker-messages.js";

/** What a group needs of its pool (see `RulesGroupPool`). */
export interface GroupPool {
  /** A fresh placement number. */
  placement(): number;
  /** Mark a placement cancelled: its worker skips what is still queued for it. */
  cancel(placement: number): void;
  /** A fresh call id. */
  nextId(): number;
  /** The group left `worker` for good (every member disposed). */
  released(group: WorkerRulesGroup, worker: PoolWorker): void;
}

/** Where a group runs: its worker and the number of its placement there. */
export interface GroupPlacement {
  worker: PoolWorker;
  placement: number;
}

type CallRequest = Extract<RulesGroupWorkerRequest, { kind: "group" | "member" }>;
/** A call before it is addressed (placement) and numbered (id). */
type UnsentCall = CallRequest extends infer Request
  ? Request extends CallRequest
    ? Omit<Request, "placement" | "id">
    : never
  : never;

/**
 * A Rules group that runs on a worker thread of a `RulesGroupPool` (see
 * `loadRulesGroup` given `workers`): every call is a message to its worker and answers a promise, so
 * a hook that loops holds that thread, never the caller's event loop. Calls run in the order
 * they are made. The group keeps, on this side, what its isolate keeps between calls — each
 * layer's memory (as set, and as each answer reports it) and the action each layer passed on
 * in the last `filterActions` — so that the pool can move it to another worker (see
 * `moveTo`) when its worker is held by another group's hook. A group whose isolate died
 * (`memory`) does not move: its calls keep answering the fatal failure. When the worker
 * thread dies, every pending and later call rejects with `SANDBOX`.
 */
export class WorkerRulesGroup implements RulesGroupRuntime {
  readonly members: WorkerRulesGroupMember[];
  /** Its stack's key (see `groupKey`): groups of one key share an isolate on a worker. */
  readonly key: string;
  readonly #pool: GroupPool;
  readonly #components: GroupComponentScript[];
  readonly #options: RulesSandboxOptions;
  readonly #live: Set<number>;
  readonly #memories: (JsonObject | undefined)[] = [];
  /** The action each layer passed on in the last `filterActions` answered (undefined: none yet). */
  #lastActions: (Action | undefined)[] = [];
  #where: GroupPlacement;
  #fatal = false;
  /** Moved since the last `filterActions` answered: the new isolate does not know the last actions. */
  #movedSinceActions = false;

  /** Wrap a group a pool worker answered `loaded` for. Use `loadRulesGroup` with `workers`. */
  constructor(
    pool: GroupPool,
    where: GroupPlacement,
    components: GroupComponentScript[],
    options: RulesSandboxOptions,
    members: readonly { hooks: ComponentHooks; usesState: boolean }[],
  ) {
    this.#pool = pool;
    this.#where = where;
    this.#components = components;
    this.#options = options;
    this.key = groupKey(components, options);
    this.#live = new Set(members.map((_member, layer) => layer));
    this.members = members.map(
      (member, layer) => new WorkerRulesGroupMember(this, layer, member.hooks, member.usesState),
    );
  }

  /** Whether the pool may move this group (it is loaded, alive and in use). */
  get movable(): boolean {
    return !this.#fatal && this.#live.size > 0;
  }

  /**
   * Move to `target`: cancel the placement on `from` (which skips what is still queued for
   * it), load the group on `target` with each layer's memory, and send it the unanswered
   * calls, oldest first. A `transitions` call that would use the last actions, sent before
   * any `filterActions` reached the new isolate, is given the action itself when every layer
   * passed on the same one (else the innermost layer's: the action the env received).
   */
  moveTo(from: PoolWorker, target: PoolWorker): void {
    const pending = from.takePending(this);
    this.#pool.cancel(this.#where.placement);
    const placement = this.#pool.placement();
    this.#where = { worker: target, placement };
    this.#movedSinceActions = true;
    target.tell({
      kind: "load",
      placement,
      components: this.#components,
      options: this.#options,
      memories: this.#memories,
    });
    for (const request of pending) {
      const call = request.request as CallRequest;
      if (call.kind === "group" && call.method === "filterActions") this.#movedSinceActions = false;
      this.#send(this.#retarget(call, placement), request);
    }
  }

  #retarget(call: CallRequest, placement: number): CallRequest {
    if (call.kind === "group" && call.method === "transitions" && call.args[3] === "last" && this.#movedSinceActions) {
      const args = [...call.args];
      args[3] = this.#lastActions[call.args[0] as number] ?? null;
      return { ...call, placement, args };
    }
    return { ...call, placement };
  }

  #send(call: CallRequest, pending: Pick<PendingRequest, "resolve" | "reject">): void {
    this.#where.worker.ask({
      key: call.id,
      owner: this,
      request: call,
      resolve: pending.resolve,
      reject: pending.reject,
    });
  }

  #request<T>(call: UnsentCall): Promise<T> {
    let request = { ...call, placement: this.#where.placement, id: this.#pool.nextId() } as CallRequest;
    if (request.kind === "group" && request.method === "filterActions") this.#movedSinceActions = false;
    else request = this.#retarget(request, this.#where.placement);
    return new Promise<T>((resolve, reject) =>
      this.#send(request, { resolve: resolve as (value: unknown) => void, reject }),
    );
  }

  /** Keep a layer's memory as an answer reports it; note a fatal failure. */
  #saw(layer: number, result: GroupHookResult<unknown> | undefined, keep = true): void {
    if (result === undefined) return;
    if (!result.ok) {
      if (result.fatal) this.#fatal = true;
      return;
    }
    if (keep && result.memory !== undefined) this.#memories[layer] = result.memory;
  }

  async filterActions(
    top: number,
    bottom: number,
    action: Action,
    call: GroupCall,
  ): Promise<readonly GroupActionResult[]> {
    const results = await this.#request<readonly GroupActionResult[]>({
      kind: "group",
      method: "filterActions",
      args: [top, bottom, action, call],
    });
    // Each layer passed on what the layer above did, or its own rewrite.
    let current = action;
    const byLayer = new Map(results.map((entry) => [entry.layer, entry.result]));
    for (let layer = top; layer >= bottom; layer--) {
      const result = byLayer.get(layer);
      this.#saw(layer, result);
      if (result?.ok && result.value.kind === "rewrite") current = result.value.action;
      this.#lastActions[layer] = current;
    }
    return results;
  }

  async transitions(
    bottom: number,
    top: number,
    transition: TransitionInput,
    action: Action | null | "last",
    call: GroupCall,
  ): Promise<readonly GroupTransitionResult[]> {
    const results = await this.#request<readonly GroupTransitionResult[]>({
      kind: "group",
      method: "transitions",
      args: [bottom, top, transition, action, call],
    });
    for (const entry of results) {
      this.#saw(entry.layer, entry.transition);
      this.#saw(entry.layer, entry.observation);
    }
    return results;
  }

  async observations(
    bottom: number,
    top: number,
    observation: Observation,
    call: GroupCall,
    keepMemory: boolean,
  ): Promise<readonly GroupObservationResult[]> {
    const results = await this.#request<readonly GroupObservationResult[]>({
      kind: "group",
      method: "observations",
      args: [bottom, top, observation, call, keepMemory],
    });
    for (const entry of results) this.#saw(entry.layer, entry.result, keepMemory);
    return results;
  }

  /** A member's single-hook call (it brings its own memory, which the isolate then keeps). */
  async memberCall<T>(layer: number, hook: MemberHookName, args: unknown[]): Promise<HookResult<T>> {
    const result = await this.#request<HookResult<T>>({ kind: "member", layer, hook, args });
    this.#saw(layer, result);
    return result;
  }

  setMemory(layer: number, memory: JsonObject): void {
    this.#memories[layer] = memory;
    this.#where.worker.tell({ kind: "setMemory", placement: this.#where.placement, layer, memory });
  }

  disposeMember(layer: number): void {
    if (!this.#live.delete(layer)) return;
    const { worker, placement } = this.#where;
    worker.tell({ kind: "disposeMember", placement, layer });
    if (this.#live.size > 0) return;
    worker.tell({ kind: "drop", placement });
    this.#pool.released(this, worker);
  }
}

/** One layer of a {@link WorkerRulesGroup} used on its own: its hook calls run on the group's worker. */
export class WorkerRulesGroupMember implements RulesRuntime {
  constructor(
    readonly group: WorkerRulesGroup,
    readonly layer: number,
    readonly hooks: ComponentHooks,
    readonly usesState: boolean,
  ) {}

  filterAction(action: Action, context: HookContextInput): Promise<HookResult<FilterActionDecision>> {
    return this.group.memberCall(this.layer, "filterAction", [action, context]);
  }

  modifyTransition(
    action: Action,
    transition: TransitionInput,
    context: HookContextInput,
  ): Promise<HookResult<TransitionPatch>> {
    return this.group.memberCall(this.layer, "modifyTransition", [action, transition, context]);
  }

  filterObservation(observation: Observation, context: HookContextInput): Promise<HookResult<Observation>> {
    return this.group.memberCall(this.layer, "filterObservation", [observation, context]);
  }

  dispose(): void {
    this.group.disposeMember(this.layer);
  }
}
