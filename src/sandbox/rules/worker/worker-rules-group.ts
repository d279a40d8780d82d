import type { Worker } from "node:worker_threads";
import type { Action } from "../../../core/action.js";
import { EnvriggerError } from "../../../core/errors.js";
import type { JsonObject } from "../../../core/json.js";
import type { Observation } from "../../../core/observation.js";
import type {
  GroupActionResult,
  GroupCall,
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
import type { MemberHookName, RulesGroupWorkerReply, RulesGroupWorkerRequest } from "./rules-group-worker-messages.js";

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/**
 * A Rules group that runs in a worker thread of its own (see `loadRulesGroupInWorker`):
 * every call is a message to the worker and answers a promise, so a hook that loops holds
 * that thread, never the caller's event loop. Calls run in the worker in the order they are
 * made. When the worker dies, every pending and later call rejects with `SANDBOX`.
 */
export class WorkerRulesGroup implements RulesGroupRuntime {
  readonly members: WorkerRulesGroupMember[];
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #live: Set<number>;
  #nextId = 0;
  #dead: Error | undefined;

  /** Wrap a worker that answered `loaded`. Use `loadRulesGroupInWorker`. */
  constructor(worker: Worker, members: readonly { hooks: ComponentHooks; usesState: boolean }[]) {
    this.#worker = worker;
    this.#live = new Set(members.map((_member, layer) => layer));
    this.members = members.map(
      (member, layer) => new WorkerRulesGroupMember(this, layer, member.hooks, member.usesState),
    );
    worker.on("message", (reply: RulesGroupWorkerReply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(new EnvriggerError("SANDBOX", `the Rules group worker failed: ${reply.message}`));
    });
    const die = (error: Error) => {
      this.#dead ??= error;
      for (const pending of this.#pending.values()) pending.reject(this.#dead);
      this.#pending.clear();
    };
    worker.on("error", (error) =>
      die(new EnvriggerError("SANDBOX", "the Rules group worker crashed", { cause: error })),
    );
    worker.on("exit", () => die(new EnvriggerError("SANDBOX", "the Rules group worker is gone")));
  }

  /** Send a request and wait for its answer. */
  request<T>(request: RulesGroupWorkerRequest & { id: number }): Promise<T> {
    if (this.#dead) return Promise.reject(this.#dead);
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(request.id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage(request);
    });
  }

  /** A fresh request id. */
  nextId(): number {
    this.#nextId += 1;
    return this.#nextId;
  }

  filterActions(top: number, bottom: number, action: Action, call: GroupCall): Promise<readonly GroupActionResult[]> {
    return this.request({
      kind: "group",
      id: this.nextId(),
      method: "filterActions",
      args: [top, bottom, action, call],
    });
  }

  transitions(
    bottom: number,
    top: number,
    transition: TransitionInput,
    action: Action | null | "last",
    call: GroupCall,
  ): Promise<readonly GroupTransitionResult[]> {
    return this.request({
      kind: "group",
      id: this.nextId(),
      method: "transitions",
      args: [bottom, top, transition, action, call],
    });
  }

  observations(
    bottom: number,
    top: number,
    observation: Observation,
    call: GroupCall,
    keepMemory: boolean,
  ): Promise<readonly GroupObservationResult[]> {
    return this.request({
      kind: "group",
      id: this.nextId(),
      method: "observations",
      args: [bottom, top, observation, call, keepMemory],
    });
  }

  setMemory(layer: number, memory: JsonObject): void {
    if (!this.#dead) this.#worker.postMessage({ kind: "setMemory", layer, memory } satisfies RulesGroupWorkerRequest);
  }

  disposeMember(layer: number): void {
    if (!this.#live.delete(layer) || this.#dead) return;
    this.#worker.postMessage({ kind: "disposeMember", layer } satisfies RulesGroupWorkerRequest);
    if (this.#live.size === 0) this.#worker.postMessage({ kind: "close" } satisfies RulesGroupWorkerRequest);
  }
}

/** One layer of a {@link WorkerRulesGroup} used on its own: its hook calls run in the group's worker. */
export class WorkerRulesGroupMember implements RulesRuntime {
  constructor(
    readonly group: WorkerRulesGroup,
    readonly layer: number,
    readonly hooks: ComponentHooks,
    readonly usesState: boolean,
  ) {}

  #hook<T>(hook: MemberHookName, args: unknown[]): Promise<HookResult<T>> {
    return this.group.request({ kind: "member", id: this.group.nextId(), layer: this.layer, hook, args });
  }

  filterAction(action: Action, context: HookContextInput): Promise<HookResult<FilterActionDecision>> {
    return this.#hook("filterAction", [action, context]);
  }

  modifyTransition(
    action: Action,
    transition: TransitionInput,
    context: HookContextInput,
  ): Promise<HookResult<TransitionPatch>> {
    return this.#hook("modifyTransition", [action, transition, context]);
  }

  filterObservation(observation: Observation, context: HookContextInput): Promise<HookResult<Observation>> {
    return this.#hook("filterObservation", [observation, context]);
  }

  dispose(): void {
    this.group.disposeMember(this.layer);
  }
}
