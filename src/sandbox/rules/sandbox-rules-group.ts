import type ivm from "isolated-vm";
import type { Action } from "../../core/action.js";
import type { JsonObject } from "../../core/json.js";
import type { Observation } from "../../core/observation.js";
import type {
  GroupActionResult,
  GroupCall,
  GroupHookResult,
  GroupObservationResult,
  GroupTransitionResult,
  RulesGroupRuntime,
} from "../../harness/rules-group-runtime.js";
import type { HookFailure, TransitionInput } from "../../harness/rules-runtime.js";
import type { ComponentHooks } from "./component-hooks.js";
import { decodeGroupEntry, readGroupEntry, unreadableGroupAnswer } from "./group-answer.js";
import type { GroupCallInputs } from "./group-call-inputs.js";
import { memoryText, packAction, packContexts, packObservation, stateText } from "./group-call-packing.js";
import { layerReads, wholeInputMasks, type HookInputMasks, type LayerReads } from "./hook-input-masks.js";
import type { InterruptedGroupCallContext } from "./interrupted-group-call.js";
import { callGroupIsolate, unchangedEntries } from "./group-isolate-call.js";
import { decodeFilterAction, decodeObservation } from "./rules-hook-output.js";
import type { ResolvedRulesSandboxOptions } from "./rules-sandbox-options.js";
import { SandboxRulesGroupMember } from "./sandbox-rules-group-member.js";
import { transitionResults } from "./group-transition-results.js";

/** References to the group functions of the sandbox API (see `isolate-code/group.ts`). */
export interface RulesGroupApi {
  filterActions: ivm.Reference;
  transitions: ivm.Reference;
  observations: ivm.Reference;
  groupProgress: ivm.Reference;
  saveMembers: ivm.Reference;
  restoreMembers: ivm.Reference;
}

/**
 * What a group's members keep between calls, taken out of the isolate (see
 * `SandboxRulesGroup.saveMembers`): the isolate's part as text, and the memories set and
 * not yet sent.
 */
export interface SavedGroupMembers {
  text: string;
  pending: ReadonlyMap<number, string>;
}

/** The results of a call that changed nothing: no layer has one (shared, never changed). */
const noResults: readonly never[] = Object.freeze([]);

/**
 * A {@link RulesGroupRuntime} backed by one isolated-vm isolate holding several loaded
 * components (see `createRulesGroupSandbox`): one synchronous call per hook phase whatever
 * the number of layers. Inputs go in once per call: numbers through memory shared with the
 * isolate, texts as the one argument (see `GroupCallInputs`), and only the parts some hook
 * of the call may read (see `LayerReads`; the isolate gives each hook its own copy of what
 * it reads); each layer's memory stays in the isolate and comes out only when a hook
 * changed it; a call in which no hook changed anything answers `""` and is not decoded at
 * all (its results are empty: every layer passed its input on); other answers are decoded
 * with the same decoders as single hook calls.
 *
 * Inside, every hook has the CPU-time budget `timeoutMs` (over it: a `timeout` failure of
 * its own, see `isolate-code/budget.ts`); the call's wall-clock backstop is `wallTimeoutMs`
 * times the hooks it may run, and after a call it interrupted the isolate tells which hook
 * was running (that hook's `timeout`; the layers before it keep their results). When the isolate runs out of memory, the
 * layer and hook that were running (read from a shared marker the isolate writes before
 * each hook) get the fatal `memory` failure, and every later call of every layer answers
 * it: the layers share one heap. A component can use, while it runs, the memory limit of
 * one component (the others keep only their small memory between calls).
 */
export class SandboxRulesGroup implements RulesGroupRuntime {
  readonly members: SandboxRulesGroupMember[];
  readonly #isolate: ivm.Isolate;
  readonly #api: RulesGroupApi;
  readonly #options: ResolvedRulesSandboxOptions;
  readonly #hooks: readonly ComponentHooks[];
  /** Memories to set in the isolate before the next call, as JSON text, by layer. */
  readonly #pending = new Map<number, string>();
  readonly #live: Set<number>;
  readonly #reads: readonly LayerReads[];
  readonly #inputs: GroupCallInputs;
  #dead: HookFailure | undefined;
  /** What a call into the isolate needs of the group (built once: no allocation per call). */
  readonly #callContext: InterruptedGroupCallContext;

  /** Wrap a loaded isolate. Use `createRulesGroupSandbox`. */
  constructor(
    isolate: ivm.Isolate,
    api: RulesGroupApi,
    hooks: readonly ComponentHooks[],
    usesState: readonly boolean[],
    marker: Int32Array,
    options: ResolvedRulesSandboxOptions,
    masks: readonly HookInputMasks[],
    inputs: GroupCallInputs,
  ) {
    this.#inputs = inputs;
    this.#isolate = isolate;
    this.#api = api;
    this.#hooks = hooks;
    this.#options = options;
    this.#reads = hooks.map((_hooks, layer) => layerReads(masks[layer] ?? wholeInputMasks));
    this.#live = new Set(hooks.map((_hooks, layer) => layer));
    this.#callContext = {
      isolate,
      groupProgress: api.groupProgress,
      marker,
      wallTimeoutMs: options.wallTimeoutMs,
      died: () => this.#died(),
    };
    this.members = hooks.map(
      (layerHooks, layer) => new SandboxRulesGroupMember(this, layer, layerHooks, usesState[layer] ?? true),
    );
  }

  setMemory(layer: number, memory: JsonObject): void {
    this.#pending.set(layer, memoryText(memory));
  }

  disposeMember(layer: number): void {
    this.#live.delete(layer);
    if (this.#live.size > 0) return;
    if (this.#dead?.code !== "memory")
      this.#dead = { ok: false, code: "disposed", message: "the Rules component was disposed", fatal: true };
    if (!this.#isolate.isDisposed) this.#isolate.dispose();
  }

  /**
   * Take out what the members keep between calls (each layer's memory, the memories set
   * since the last call, and the action each layer passed on last); `restoreMembers` puts it
   * back. With these a host runs several sessions of one stack in this one isolate, one
   * session's state in at a time (see `rules-group-worker-entry.ts`). Cheap: two short
   * calls, no hook runs.
   */
  saveMembers(): SavedGroupMembers {
    const text = this.#api.saveMembers.applySync(undefined, [], { timeout: this.#options.loadTimeoutMs }) as string;
    const pending = new Map(this.#pending);
    this.#pending.clear();
    return { text, pending };
  }

  /** Put back what `saveMembers` took out; `undefined`: the state of a group just loaded (every memory `{}`). */
  restoreMembers(saved: SavedGroupMembers | undefined): void {
    this.#api.restoreMembers.applySync(undefined, [saved?.text ?? ""], { timeout: this.#options.loadTimeoutMs });
    this.#pending.clear();
    for (const [layer, text] of saved?.pending ?? []) this.#pending.set(layer, text);
  }

  /** The fatal failure once the isolate is gone; undefined while it works. */
  get deadFailure(): HookFailure | undefined {
    return this.#dead;
  }

  /** Answers synchronously (see `GroupAnswer`). */
  filterActions(top: number, bottom: number, action: Action, call: GroupCall): readonly GroupActionResult[] {
    return this.#filterActions(top, bottom, action, call);
  }

  /** Answers synchronously (see `GroupAnswer`). */
  transitions(
    bottom: number,
    top: number,
    transition: TransitionInput,
    action: Action | null | "last",
    call: GroupCall,
  ): readonly GroupTransitionResult[] {
    return this.#transitions(bottom, top, transition, action, call, true);
  }

  /** One layer's `modifyTransition` alone (a single-hook call of a member). */
  modifyTransitionOnly(
    layer: number,
    transition: TransitionInput,
    action: Action,
    call: GroupCall,
  ): GroupTransitionResult | undefined {
    return this.#transitions(layer, layer, transition, action, call, false)[0];
  }

  /** Answers synchronously (see `GroupAnswer`). */
  observations(
    bottom: number,
    top: number,
    observation: Observation,
    call: GroupCall,
    keepMemory: boolean,
  ): readonly GroupObservationResult[] {
    return this.#observations(bottom, top, observation, call, keepMemory);
  }

  #filterActions(top: number, bottom: number, action: Action, call: GroupCall): readonly GroupActionResult[] {
    const hooks = this.#hooks;
    let first = -1;
    let hookCount = 0;
    let needsArgs = false;
    for (let layer = top; layer >= bottom; layer--) {
      if (!hooks[layer]!.filterAction) continue;
      if (first < 0) first = layer;
      hookCount++;
    }
    if (hookCount === 0) return [];
    if (this.#dead) return [{ layer: first, result: this.#dead }];
    // The args also reach the layers' modifyTransition ("last" in the next transitions call).
    for (let layer = top; layer >= bottom; layer--) if (this.#reads[layer]!.actionArgs) needsArgs = true;
    const packer = this.#inputs.start().number(top).number(bottom);
    packAction(packer, action, needsArgs);
    this.#finishPacking(packer, call, top);
    const outcome = callGroupIsolate(this.#api.filterActions, hookCount, first, packer.argument(), this.#callContext);
    if (outcome.ok && outcome.entries === unchangedEntries) return noResults;
    const results: GroupActionResult[] = [];
    let current = action;
    let index = 0;
    for (let layer = top; layer >= bottom; layer--) {
      if (index >= outcome.entries.length) {
        if (!outcome.ok) results.push({ layer: outcome.layer, result: outcome.failure });
        else results.push({ layer, result: unreadableGroupAnswer("the sandbox stopped before every layer ran") });
        return results;
      }
      const entry = readGroupEntry(outcome.entries[index++]);
      if (entry === undefined) {
        results.push({ layer, result: undefined });
        continue;
      }
      const input = current;
      const result = decodeGroupEntry(entry, (value, present) => decodeFilterAction(value, present, input));
      results.push({ layer, result });
      if (!result.ok || result.value.kind === "block") return results;
      if (result.value.kind === "rewrite") current = result.value.action;
    }
    return results;
  }

  #transitions(
    bottom: number,
    top: number,
    transition: TransitionInput,
    action: Action | null | "last",
    call: GroupCall,
    withObservation: boolean,
  ): readonly GroupTransitionResult[] {
    const hooks = this.#hooks;
    const reads = this.#reads;
    let hookCount = 0;
    let first = -1;
    let needsArgs = false;
    let needsData = false;
    let needsInfo = false;
    for (let layer = bottom; layer <= top; layer++) {
      const layerHooks = hooks[layer]!;
      const transitionRuns = layerHooks.modifyTransition && action !== null;
      const observationRuns = layerHooks.filterObservation && withObservation;
      if (!transitionRuns && !observationRuns) continue;
      hookCount += (transitionRuns ? 1 : 0) + (observationRuns ? 1 : 0);
      if (first < 0) first = layer;
      const layerReads = reads[layer]!;
      if (transitionRuns) {
        needsArgs ||= layerReads.transitionArgs;
        needsData ||= layerReads.transitionObservation;
        needsInfo ||= layerReads.transitionInfo;
      }
      if (observationRuns) needsData ||= layerReads.observationData;
    }
    if (hookCount === 0) return [];
    if (this.#dead) {
      const dead = this.#dead;
      const inTransition = hooks[first]!.modifyTransition && action !== null;
      return [
        { layer: first, transition: inTransition ? dead : undefined, observation: inTransition ? undefined : dead },
      ];
    }
    const packer = this.#inputs
      .start()
      .number(bottom)
      .number(top)
      .flag(action === "last");
    packAction(packer, action === "last" ? null : action, needsArgs);
    packObservation(packer, transition.observation, needsData);
    packer.number(transition.reward).flag(transition.terminated).flag(transition.truncated);
    packer.text(needsInfo ? JSON.stringify(transition.info) : "");
    packer.text(stateText(call)).flag(withObservation);
    this.#packPending(packer);
    packContexts(packer, call, top);
    const outcome = callGroupIsolate(this.#api.transitions, hookCount, bottom, packer.argument(), this.#callContext);
    if (outcome.ok && outcome.entries === unchangedEntries) return noResults;
    return transitionResults(outcome, bottom, top, transition);
  }

  #observations(
    bottom: number,
    top: number,
    observation: Observation,
    call: GroupCall,
    keepMemory: boolean,
  ): readonly GroupObservationResult[] {
    const hooks = this.#hooks;
    let first = -1;
    let hookCount = 0;
    let needsData = false;
    for (let layer = bottom; layer <= top; layer++) {
      if (!hooks[layer]!.filterObservation) continue;
      if (first < 0) first = layer;
      hookCount++;
      needsData ||= this.#reads[layer]!.observationData;
    }
    if (hookCount === 0) return [];
    if (this.#dead) return [{ layer: first, result: this.#dead }];
    const packer = this.#inputs.start().number(bottom).number(top);
    packObservation(packer, observation, needsData);
    packer.text(stateText(call)).flag(keepMemory);
    this.#packPending(packer);
    packContexts(packer, call, top);
    const outcome = callGroupIsolate(this.#api.observations, hookCount, first, packer.argument(), this.#callContext);
    if (outcome.ok && outcome.entries === unchangedEntries) return noResults;
    const results: GroupObservationResult[] = [];
    let current = observation;
    let index = 0;
    for (let layer = bottom; layer <= top; layer++) {
      if (index >= outcome.entries.length) {
        if (!outcome.ok && outcome.layer === layer) results.push({ layer, result: outcome.failure });
        else if (!outcome.ok) results.push({ layer, result: undefined });
        else results.push({ layer, result: unreadableGroupAnswer("the sandbox stopped before every layer ran") });
        if (outcome.ok || outcome.layer === layer) return results;
        continue;
      }
      const entry = readGroupEntry(outcome.entries[index++]);
      if (entry === undefined) {
        results.push({ layer, result: undefined });
        continue;
      }
      const input = current;
      const result = decodeGroupEntry(entry, (value, present) => decodeObservation(value, present, input));
      const kept: GroupHookResult<Observation> = result.ok && !keepMemory ? { ok: true, value: result.value } : result;
      results.push({ layer, result: kept });
      if (!result.ok) return results;
      current = result.value;
    }
    if (!outcome.ok) results.push({ layer: outcome.layer, result: outcome.failure });
    return results;
  }

  /** The state, pending memory and contexts that end the inputs of a filterActions call. */
  #finishPacking(packer: GroupCallInputs, call: GroupCall, top: number): void {
    packer.text(stateText(call));
    this.#packPending(packer);
    packContexts(packer, call, top);
  }

  /** The fatal failure of an isolate that ran out of memory (every later call answers it). */
  #died(): HookFailure {
    this.#dead = {
      ok: false,
      code: "memory",
      message: `the component ran out of memory (limit ${this.#options.memoryLimitMb} MB); its sandbox was discarded`,
      fatal: true,
    };
    return this.#dead;
  }

  /** The pending memories (see `begin` in `isolate-code/group.ts`): a count, then each layer and its JSON. */
  #packPending(packer: GroupCallInputs): void {
    const pending = this.#pending;
    packer.number(pending.size);
    if (pending.size === 0) return;
    for (const [layer, text] of pending) packer.number(layer).text(text);
    pending.clear();
  }
}
