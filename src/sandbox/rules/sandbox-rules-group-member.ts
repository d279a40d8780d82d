import type { Action } from "../../core/action.js";
import type { Observation } from "../../core/observation.js";
import type { GroupCall, GroupHookResult, RulesGroupRuntime } from "../../harness/rules-group-runtime.js";
import { applyTransitionPatch } from "../../harness/rules-hook-output-schemas.js";
import type { TransitionThenObservationResult, TransitionThenObservationRuntime } from "../../harness/rules-layer.js";
import type {
  FilterActionDecision,
  HookContextInput,
  HookFailure,
  HookResult,
  TransitionInput,
  TransitionPatch,
} from "../../harness/rules-runtime.js";
import type { ComponentHooks } from "./component-hooks.js";

/** What the member needs of its group besides {@link RulesGroupRuntime}. */
export interface MemberGroup extends RulesGroupRuntime {
  /** The fatal failure once the isolate is gone (a member disposed after it ran out of memory still answers `memory`). */
  readonly deadFailure?: HookFailure | undefined;
  modifyTransitionOnly(
    layer: number,
    transition: TransitionInput,
    action: Action,
    call: GroupCall,
  ): { transition: GroupHookResult<TransitionPatch> | undefined } | undefined;
}

/**
 * One layer of a {@link RulesGroupRuntime} seen as a {@link RulesRuntime}: its hooks and
 * `usesState`, and single-hook calls that bring their own memory (the group's call for this
 * one layer, with `context.memory` set first). A Rules layer built in a group drives the
 * group itself and calls these only when used on its own (a component loaded alone is a
 * group of one, see `loadRulesComponent`): then `modifyTransition` and `filterObservation`
 * still cross into the isolate once together. `dispose()` frees this member; the isolate
 * goes with the last one.
 */
export class SandboxRulesGroupMember implements TransitionThenObservationRuntime {
  #disposed = false;

  constructor(
    readonly group: MemberGroup,
    readonly layer: number,
    readonly hooks: ComponentHooks,
    readonly usesState: boolean,
  ) {}

  /** Once disposed, every call answers this (the other members may still be in use). */
  static readonly disposed: HookFailure = {
    ok: false,
    code: "disposed",
    message: "the Rules component was disposed",
    fatal: true,
  };

  /** What a call answers once this member is disposed: how the isolate died, if it did, else `disposed`. */
  #gone(): HookFailure {
    return this.group.deadFailure ?? SandboxRulesGroupMember.disposed;
  }

  #call(context: HookContextInput): GroupCall {
    const contexts = [];
    contexts[this.layer] = { turn: context.turn, seed: context.seed };
    this.group.setMemory(this.layer, context.memory);
    return { contexts, state: this.usesState ? context.state : undefined };
  }

  /** A group result as a single hook's result: the memory is the call's own when unchanged. */
  #single<T>(result: GroupHookResult<T> | undefined, absent: T, context: HookContextInput): HookResult<T> {
    if (result === undefined) return { ok: true, value: absent, memory: context.memory };
    if (!result.ok) return result;
    return { ok: true, value: result.value, memory: result.memory ?? context.memory };
  }

  async filterAction(action: Action, context: HookContextInput): Promise<HookResult<FilterActionDecision>> {
    if (this.#disposed) return this.#gone();
    if (!this.hooks.filterAction) return { ok: true, value: { kind: "pass" }, memory: context.memory };
    const [first] = await this.group.filterActions(this.layer, this.layer, action, this.#call(context));
    return this.#single(first?.result, { kind: "pass" }, context);
  }

  async modifyTransition(
    action: Action,
    transition: TransitionInput,
    context: HookContextInput,
  ): Promise<HookResult<TransitionPatch>> {
    if (this.#disposed) return this.#gone();
    if (!this.hooks.modifyTransition) return { ok: true, value: {}, memory: context.memory };
    const result = this.group.modifyTransitionOnly(this.layer, transition, action, this.#call(context));
    return this.#single(result?.transition, {}, context);
  }

  /**
   * `modifyTransition` then `filterObservation` on the patched observation, in one group
   * call for this layer (as the group runs them for a fused layer); a hook that answered
   * nothing and kept its memory passes its input on.
   */
  async modifyTransitionThenFilterObservation(
    action: Action,
    transition: TransitionInput,
    context: HookContextInput,
  ): Promise<TransitionThenObservationResult> {
    if (this.#disposed) return { transition: this.#gone() };
    if (!this.hooks.modifyTransition || !this.hooks.filterObservation)
      return { transition: await this.modifyTransition(action, transition, context) };
    const [result] = await this.group.transitions(this.layer, this.layer, transition, action, this.#call(context));
    const patched = this.#single(result?.transition, {}, context);
    if (!patched.ok) return { transition: patched };
    const filtered = result?.observation;
    const memory = patched.memory;
    if (filtered === undefined)
      return {
        transition: patched,
        observation: { ok: true, value: applyTransitionPatch(transition.observation, patched.value), memory },
      };
    if (!filtered.ok) return { transition: patched, observation: filtered };
    return { transition: patched, observation: { ok: true, value: filtered.value, memory: filtered.memory ?? memory } };
  }

  async filterObservation(observation: Observation, context: HookContextInput): Promise<HookResult<Observation>> {
    if (this.#disposed) return this.#gone();
    if (!this.hooks.filterObservation) return { ok: true, value: observation, memory: context.memory };
    const [first] = await this.group.observations(this.layer, this.layer, observation, this.#call(context), true);
    return this.#single(first?.result, observation, context);
  }

  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.group.disposeMember(this.layer);
  }
}
