import type { Action, ActionInput } from "../core/action.js";
import type { ActionableEnv } from "../core/actionable-env.js";
import { EnvriggerError } from "../core/errors.js";
import type { Json, JsonObject } from "../core/json.js";
import { LAYER_TRACE_KEY } from "../core/layer-trace.js";
import type { Observation } from "../core/observation.js";
import type { ResetResult, StepResult } from "../core/step-result.js";
import type { ResetOptions } from "../core/task.js";
import { checkGroupHookResult, runtimeError, settleRulesCall } from "./call-rules-hook.js";
import { episodeSwitches } from "./episode-switches.js";
import { layerTracesOf, prependLayerTrace, withoutLayerTraces } from "./layer-trace-info.js";
import { recordWithKey } from "./record-with-key.js";
import type { RulesEpisode } from "./rules-episode.js";
import type {
  GroupActionResult,
  GroupAnswer,
  GroupCall,
  GroupHookResult,
  GroupLayerContext,
  GroupObservationResult,
  GroupTransitionResult,
  RulesGroupRuntime,
} from "./rules-group-runtime.js";
import { applyTransitionPatch } from "./rules-hook-output-schemas.js";
import type { RulesRuntime, TransitionPatch } from "./rules-runtime.js";

/** What the fused driver needs of one Rules layer of a group. */
export interface FusedRulesMember {
  readonly label: string;
  readonly runtime: RulesRuntime;
  /** The layer's episode, or null before `reset` (throws `ENV_CLOSED` when closed). */
  openEpisode(): RulesEpisode | null;
  /** Set the layer's episode (throws `ENV_CLOSED` when closed). */
  setEpisode(episode: RulesEpisode | null): void;
}

/** Which hook a layer's state is read for. */
type HookKey = "filterAction" | "modifyTransition" | "filterObservation";

/** A patch that changes nothing: the observation a layer passes on after a `modifyTransition` that returned nothing. */
const noPatch: TransitionPatch = {};
const noResults: readonly never[] = [];

/**
 * Consecutive Rules layers of one group (see {@link RulesGroupRuntime}) driven from the
 * outermost of them: one group call per hook phase instead of one call per layer and hook,
 * with every layer's results checked, its memory mirrored, its turn and `over` kept and its
 * trace recorded exactly as each layer does on its own (see `RulesLayer`) — the same
 * steps, observations, traces and failures, in the same order. `members[0]` is the
 * innermost layer of the group, `below` the env it wraps.
 *
 * Lean on the hot path: the group call's contexts and the per-step arrays are reused, the
 * results are read in order (no searching), a result the group left out (the hook changed
 * nothing) is the hook's unchanged value, and the step's `info` is built once for all the
 * layers' traces.
 */
export class FusedRulesLayers {
  readonly #contexts: GroupLayerContext[];
  readonly #call: { contexts: GroupLayerContext[]; state: JsonObject | undefined };
  readonly #episodes: RulesEpisode[] = [];
  readonly #inputs: ActionInput[] = [];
  readonly #outputs: ActionInput[] = [];
  readonly #actions: (Action | null)[] = [];

  constructor(
    readonly group: RulesGroupRuntime,
    readonly members: readonly FusedRulesMember[],
    readonly below: ActionableEnv,
  ) {
    this.#contexts = members.map(() => ({ turn: 0, seed: 0 }));
    this.#call = { contexts: this.#contexts, state: undefined };
  }

  get #top(): number {
    return this.members.length - 1;
  }

  /** A live episode of member `layer` (as `RulesLayer.live`). */
  #live(layer: number): RulesEpisode {
    const member = this.members[layer]!;
    const episode = member.openEpisode();
    if (!episode) throw new EnvriggerError("EPISODE_NOT_STARTED", `${member.label}: call reset() first`);
    return episode;
  }

  /**
   * The group call's contexts (reused: the group reads them during the call only) and, when
   * a layer from `bottom` to `top` that has one of the hooks reads state, the state (only
   * then is there anything to await).
   */
  #groupCall(
    episodes: readonly (RulesEpisode | undefined)[],
    bottom: number,
    top: number,
    first: HookKey,
    second?: HookKey,
  ): GroupCall | Promise<GroupCall> {
    let needsState = false;
    for (let layer = bottom; layer <= top && !needsState; layer++) {
      const runtime = this.members[layer]!.runtime;
      if (runtime.usesState && (runtime.hooks[first] || (second !== undefined && runtime.hooks[second])))
        needsState = true;
    }
    const contexts = this.#contexts;
    for (let layer = 0; layer < contexts.length; layer++) {
      const episode = episodes[layer];
      const context = contexts[layer]!;
      context.turn = episode?.turn ?? 0;
      context.seed = episode?.seed ?? 0;
    }
    const call = this.#call;
    call.state = undefined;
    if (!needsState) return call;
    return this.below.stateView().then((state) => {
      call.state = state;
      return call;
    });
  }

  async reset(options: ResetOptions): Promise<ResetResult> {
    for (let layer = this.#top; layer >= 0; layer--) this.members[layer]!.setEpisode(null);
    const reset = await this.below.reset(options);
    const episodes: RulesEpisode[] = this.members.map(() => ({ memory: {}, turn: 0, seed: options.seed, over: false }));
    for (let layer = 0; layer <= this.#top; layer++) this.group.setMemory(layer, {});
    const observation = await this.#filterObservations(episodes, reset.observation, true, (layer) =>
      this.members[layer]!.setEpisode(episodes[layer]!),
    );
    return { observation, info: reset.info };
  }

  async observe(): Promise<Observation> {
    const episodes: RulesEpisode[] = [];
    for (let layer = this.#top; layer >= 0; layer--) episodes[layer] = this.#live(layer);
    // A read must not change the episode: memory changes made while observing are dropped.
    return this.#filterObservations(episodes, await this.below.observe(), false);
  }

  /** `filterObservation` of every layer, innermost first; `enter(layer)` runs before a layer's result is applied. */
  async #filterObservations(
    episodes: RulesEpisode[],
    observation: Observation,
    keepMemory: boolean,
    enter?: (layer: number) => void,
  ): Promise<Observation> {
    const top = this.#top;
    let results: readonly GroupObservationResult[] = noResults;
    if (this.#anyHook(0, top, "filterObservation")) {
      const pending = this.#groupCall(episodes, 0, top, "filterObservation");
      const call = pending instanceof Promise ? await pending : pending;
      let answer: GroupAnswer<readonly GroupObservationResult[]>;
      try {
        answer = this.group.observations(0, top, observation, call, keepMemory);
      } catch (error) {
        throw runtimeError(this.members[0]!.label, "filterObservation", error);
      }
      results =
        answer instanceof Promise ? await settleRulesCall(this.members[0]!.label, "filterObservation", answer) : answer;
    }
    let current = observation;
    let next = 0;
    for (let layer = 0; layer <= top; layer++) {
      enter?.(layer);
      while (next < results.length && results[next]!.layer < layer) next++;
      const member = this.members[layer]!;
      if (!member.runtime.hooks.filterObservation || next >= results.length || results[next]!.layer !== layer) continue;
      const result = results[next]!.result;
      if (result === undefined) continue;
      const checked = checkGroupHookResult(member.label, "filterObservation", result);
      if (keepMemory && checked.memory !== undefined) episodes[layer]!.memory = checked.memory;
      current = checked.value;
    }
    return current;
  }

  async step(input: ActionInput): Promise<StepResult> {
    const members = this.members;
    const top = members.length - 1;
    const episodes = this.#episodes;
    // The first layer (from outside) whose episode is over: the layers above it still filter the action.
    let over = -1;
    for (let layer = top; layer >= 0; layer--) {
      const episode = this.#live(layer);
      episodes[layer] = episode;
      if (episode.over) {
        // The layers below it keep last step's episodes here: no hook of theirs runs.
        over = layer;
        break;
      }
    }
    const bottom = over + 1;
    const parsed: Action | null = typeof input === "string" ? this.below.parseText(input) : input;
    // What each layer received and passed on, and the action its transition hook sees.
    const inputs = this.#inputs;
    const outputs = this.#outputs;
    const actions = this.#actions;
    let forwarded: ActionInput = input;
    let action = parsed;
    let blocked = -1;
    let reason = "";
    const filtering = parsed !== null && this.#anyHook(bottom, top, "filterAction");
    if (bottom <= top) {
      let results: readonly GroupActionResult[] = noResults;
      if (filtering) {
        const pending = this.#groupCall(episodes, bottom, top, "filterAction");
        const call = pending instanceof Promise ? await pending : pending;
        let answer: GroupAnswer<readonly GroupActionResult[]>;
        try {
          answer = this.group.filterActions(top, bottom, parsed, call);
        } catch (error) {
          throw runtimeError(members[top]!.label, "filterAction", error);
        }
        results =
          answer instanceof Promise ? await settleRulesCall(members[top]!.label, "filterAction", answer) : answer;
      }
      let next = 0;
      for (let layer = top; layer >= bottom; layer--) {
        const member = members[layer]!;
        inputs[layer] = forwarded;
        while (next < results.length && results[next]!.layer > layer) next++;
        const result =
          action && member.runtime.hooks.filterAction && next < results.length && results[next]!.layer === layer
            ? results[next]!.result
            : undefined;
        if (result !== undefined) {
          const checked = checkGroupHookResult(member.label, "filterAction", result);
          if (checked.memory !== undefined) episodes[layer]!.memory = checked.memory;
          const decision = checked.value;
          if (decision.kind === "block") {
            blocked = layer;
            reason = decision.reason;
            break;
          }
          if (decision.kind === "rewrite") forwarded = action = decision.action;
        }
        outputs[layer] = forwarded;
        actions[layer] = action;
      }
    }
    if (blocked < 0 && over >= 0)
      throw new EnvriggerError("EPISODE_OVER", `${members[over]!.label}: the episode is over; call reset()`);
    const inner =
      blocked >= 0
        ? this.#blocked(blocked, episodes[blocked]!, inputs[blocked]!, reason)
        : await this.below.step(forwarded);
    const start = blocked + 1;
    if (start > top) return inner;
    const innerInfo = inner.info;
    const envInfo = LAYER_TRACE_KEY in innerInfo ? withoutLayerTraces(innerInfo) : innerInfo;
    const transition = {
      observation: inner.observation,
      reward: inner.reward,
      terminated: inner.terminated,
      truncated: inner.truncated,
      info: envInfo,
    };
    const runs =
      this.#anyHook(start, top, "filterObservation") ||
      (action !== null && this.#anyHook(start, top, "modifyTransition"));
    let results: readonly GroupTransitionResult[] = noResults;
    if (runs) {
      const pending = this.#groupCall(episodes, start, top, "modifyTransition", "filterObservation");
      const call = pending instanceof Promise ? await pending : pending;
      let answer: GroupAnswer<readonly GroupTransitionResult[]>;
      try {
        answer = this.group.transitions(start, top, transition, filtering ? "last" : parsed, call);
      } catch (error) {
        throw runtimeError(members[start]!.label, "modifyTransition", error);
      }
      results =
        answer instanceof Promise ? await settleRulesCall(members[start]!.label, "modifyTransition", answer) : answer;
    }
    // Each layer's trace, outermost first (then the traces from inside); the step's info is built once.
    const innerTraces = layerTracesOf(innerInfo);
    const traces: Json[] = new Array<Json>(top - start + 1 + innerTraces.length);
    for (let index = 0; index < innerTraces.length; index++)
      traces[top - start + 1 + index] = innerTraces[index] as unknown as Json;
    let observation = inner.observation;
    let truncated = inner.truncated;
    // True once `observation` is an object applyTransitionPatch made (patching it with {} gives an equal one).
    let normalized = false;
    let next = 0;
    for (let layer = start; layer <= top; layer++) {
      const member = members[layer]!;
      const episode = episodes[layer]!;
      const { hooks } = member.runtime;
      while (next < results.length && results[next]!.layer < layer) next++;
      const result = next < results.length && results[next]!.layer === layer ? results[next] : undefined;
      const observationIn = observation;
      let observationOut = observationIn;
      let truncatedByLayer = false;
      if (actions[layer] && hooks.modifyTransition) {
        // Absent: the hook returned nothing and kept its memory (the patch {}).
        const patch = result?.transition === undefined ? noPatch : this.#patched(member, episode, result.transition);
        if (patch !== noPatch || !normalized) {
          observationOut = applyTransitionPatch(observationIn, patch);
          normalized = true;
        }
        truncatedByLayer = patch.truncated === true && !truncated;
      }
      if (hooks.filterObservation && result?.observation !== undefined) {
        observationOut = this.#observed(member, episode, result.observation);
        normalized = false;
      }
      truncated ||= truncatedByLayer;
      episode.turn += 1;
      episode.over = inner.terminated || truncated;
      traces[top - layer] = {
        layer: member.label,
        actionIn: inputs[layer]!,
        actionOut: outputs[layer]!,
        observationIn,
        observationOut,
        truncatedByLayer,
      };
      const switches = episodeSwitches(episode.memory);
      if (switches) (traces[top - layer] as JsonObject).switches = switches;
      observation = observationOut;
    }
    return {
      observation,
      reward: inner.reward,
      terminated: inner.terminated,
      truncated,
      info: recordWithKey(innerInfo, LAYER_TRACE_KEY, traces),
    };
  }

  #patched(member: FusedRulesMember, episode: RulesEpisode, result: GroupHookResult<TransitionPatch>): TransitionPatch {
    const checked = checkGroupHookResult(member.label, "modifyTransition", result);
    if (checked.memory !== undefined) episode.memory = checked.memory;
    return checked.value;
  }

  #observed(member: FusedRulesMember, episode: RulesEpisode, result: GroupHookResult<Observation>): Observation {
    const checked = checkGroupHookResult(member.label, "filterObservation", result);
    if (checked.memory !== undefined) episode.memory = checked.memory;
    return checked.value;
  }

  #anyHook(bottom: number, top: number, hook: HookKey): boolean {
    for (let layer = bottom; layer <= top; layer++) if (this.members[layer]!.runtime.hooks[hook]) return true;
    return false;
  }

  /** The result of an action blocked by `layer` (as `RulesLayer.blocked`): the layers inside it are not stepped. */
  #blocked(layer: number, episode: RulesEpisode, input: ActionInput, reason: string): StepResult {
    episode.turn += 1;
    const observation = { text: reason };
    const trace = {
      layer: this.members[layer]!.label,
      actionIn: input,
      actionOut: null,
      blockedReason: reason,
      observationOut: observation,
      switches: episodeSwitches(episode.memory),
    };
    const info: JsonObject = { actionError: reason, blocked: true, stop: null };
    return { observation, reward: 0, terminated: false, truncated: false, info: prependLayerTrace(info, trace, []) };
  }
}
