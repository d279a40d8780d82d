import type { Action } from "../core/action.js";
import type { JsonObject } from "../core/json.js";
import type { Observation } from "../core/observation.js";
import type {
  FilterActionDecision,
  HookFailure,
  RulesRuntime,
  TransitionInput,
  TransitionPatch,
} from "./rules-runtime.js";

/**
 * The result of one hook of one layer in a group call: the decoded value and, when the
 * hook changed it, the layer's memory after the call (absent: unchanged). The runtime has
 * kept that memory itself; the layer still checks the value and mirrors the memory.
 */
export type GroupHookResult<T> = { ok: true; value: T; memory?: JsonObject } | HookFailure;

/** Turn and seed of one layer's hook context (its memory stays in the runtime). */
export interface GroupLayerContext {
  turn: number;
  seed: number;
}

/** What every group call is given: the layers to run (0 = innermost), their contexts, the state. */
export interface GroupCall {
  /** Layer contexts by layer index (at least up to the highest layer run). */
  contexts: readonly GroupLayerContext[];
  /** `stateView()` below the group, when a layer that runs reads state; else undefined. */
  state: JsonObject | undefined;
}

/** One layer's `filterAction`: `undefined` when the layer has no such hook (a pass). */
export interface GroupActionResult {
  layer: number;
  result: GroupHookResult<FilterActionDecision> | undefined;
}

/** One layer's `modifyTransition` and `filterObservation` (`undefined`: not run, or no such hook). */
export interface GroupTransitionResult {
  layer: number;
  transition: GroupHookResult<TransitionPatch> | undefined;
  observation: GroupHookResult<Observation> | undefined;
}

/** One layer's `filterObservation` (`undefined`: no such hook). */
export interface GroupObservationResult {
  layer: number;
  result: GroupHookResult<Observation> | undefined;
}

/** A group call's answer: the value itself when the runtime answers synchronously (the sandbox does), else a promise of it. */
export type GroupAnswer<T> = T | Promise<T>;

/**
 * Consecutive Rules components run together (the sandbox runs them in one isolate): one
 * call per hook phase for any run of layers `bottom..top`, each layer's hooks given
 * exactly what the layer would give them one by one — its own copies, the action the
 * layer above passed on, the observation the layer below passed on — and each layer's
 * memory kept inside between calls. A call stops at the first layer whose result the host
 * will refuse (or that blocks); results come back in the order the layers ran, and a layer
 * whose hook changed nothing (returned nothing, kept its memory) may be left out. A runtime
 * may answer synchronously (see {@link GroupAnswer}), which saves the driver an await per
 * phase; it reads the call's `contexts` during the call only (the caller may reuse them).
 */
export interface RulesGroupRuntime {
  /** One view per layer (0 = innermost): its hooks and `usesState`, and single-hook calls. */
  readonly members: readonly RulesRuntime[];
  /** `filterAction` from `top` down to `bottom`, starting from `action`. */
  filterActions(
    top: number,
    bottom: number,
    action: Action,
    call: GroupCall,
  ): GroupAnswer<readonly GroupActionResult[]>;
  /**
   * `modifyTransition` then `filterObservation` from `bottom` up to `top`. Every layer's
   * action is `action` (`null`: the input did not parse), or, when `action` is `"last"`,
   * the action that layer passed on in the last `filterActions` call.
   */
  transitions(
    bottom: number,
    top: number,
    transition: TransitionInput,
    action: Action | null | "last",
    call: GroupCall,
  ): GroupAnswer<readonly GroupTransitionResult[]>;
  /** `filterObservation` from `bottom` up to `top`; memory changes kept only when `keepMemory`. */
  observations(
    bottom: number,
    top: number,
    observation: Observation,
    call: GroupCall,
    keepMemory: boolean,
  ): GroupAnswer<readonly GroupObservationResult[]>;
  /** Replace a layer's memory (a new episode, a restored state); takes effect before the next call. */
  setMemory(layer: number, memory: JsonObject): void;
  /** Free one member; the shared resources go when every member is disposed. Idempotent per member. */
  disposeMember(layer: number): void;
}
