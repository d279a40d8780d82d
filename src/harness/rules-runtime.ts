import type { Action } from "../core/action.js";
import type { JsonObject } from "../core/json.js";
import type { Observation } from "../core/observation.js";

/**
 * The host-side view of a loaded Rules component (the sandbox implements it; the Rules
 * layer calls it). Every call copies JSON in and out of the isolate and validates the
 * output; a hook that throws, times out or returns a wrong shape yields a
 * {@link HookFailure} instead of throwing.
 */

/** The per-call context given to hooks (copied into the isolate). */
export interface HookContextInput {
  /** The env's `stateView()` (a copy; writes inside the hook do not reach the env). */
  state: JsonObject;
  /** Per-episode memory; the hook may change it; the new value comes back in the result. */
  memory: JsonObject;
  /** 0-based turn index of the policy's step. */
  turn: number;
  /** The episode seed; `ctx.random()` inside the isolate is seeded from (seed, turn, call). */
  seed: number;
}

/** What `filterAction` decided. */
export type FilterActionDecision =
  | { kind: "pass" }
  | { kind: "rewrite"; action: Action }
  | { kind: "block"; reason: string };

/** What `modifyTransition` may change; every other field of the step passes through untouched. */
export interface TransitionPatch {
  text?: string;
  data?: JsonObject;
  truncated?: boolean;
}

/** The transition shown to `modifyTransition` (a copy; reward/terminated/info are read-only). */
export interface TransitionInput {
  observation: Observation;
  reward: number;
  terminated: boolean;
  truncated: boolean;
  info: JsonObject;
}

/** A hook call that failed inside the sandbox. */
export interface HookFailure {
  ok: false;
  /** `timeout`, `memory` (the isolate died), `threw`, `bad-output`, `memory-too-large`. */
  code: string;
  message: string;
  /** True when the isolate is gone and the component cannot be called again. */
  fatal: boolean;
}

/** A successful hook call: its value and the memory after the call. */
export interface HookSuccess<T> {
  ok: true;
  value: T;
  memory: JsonObject;
}

export type HookResult<T> = HookSuccess<T> | HookFailure;

/** A Rules component loaded into an isolate. */
export interface RulesRuntime {
  /** Which hooks the component defines. */
  readonly hooks: { filterAction: boolean; modifyTransition: boolean; filterObservation: boolean };
  /** False when static analysis shows no hook reads `ctx.state` (the layer may then skip `stateView()`). */
  readonly usesState: boolean;
  filterAction(action: Action, context: HookContextInput): Promise<HookResult<FilterActionDecision>>;
  modifyTransition(
    action: Action,
    transition: TransitionInput,
    context: HookContextInput,
  ): Promise<HookResult<TransitionPatch>>;
  filterObservation(observation: Observation, context: HookContextInput): Promise<HookResult<Observation>>;
  /** Free the isolate. Idempotent. */
  dispose(): void;
}
