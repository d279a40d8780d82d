import { z } from "zod";
import type { Action, ActionInput } from "../core/action.js";
import type { ActionableEnv } from "../core/actionable-env.js";
import { EnvriggerError } from "../core/errors.js";
import { jsonSchema, type Json, type JsonObject } from "../core/json.js";
import type { Observation } from "../core/observation.js";
import type { ResetResult, StepResult } from "../core/step-result.js";
import type { ResetOptions } from "../core/task.js";
import { parseWith } from "../core/validate.js";
import { callRulesHook, checkRulesHookResult, settleRulesCall } from "./call-rules-hook.js";
import { FusedRulesLayers, type FusedRulesMember } from "./fused-rules-layers.js";
import { HarnessLayer } from "./harness-layer.js";
import type { RulesLayerSpec } from "./harness-stack-spec.js";
import { episodeSwitches } from "./episode-switches.js";
import { layerTracesOf, prependLayerTrace, withoutLayerTraces } from "./layer-trace-info.js";
import { rulesEpisodeSchema, type RulesEpisode } from "./rules-episode.js";
import type { RulesGroupRuntime } from "./rules-group-runtime.js";
import { applyTransitionPatch } from "./rules-hook-output-schemas.js";
import type { HookContextInput, HookResult, RulesRuntime, TransitionInput, TransitionPatch } from "./rules-runtime.js";

const savedRulesStateSchema = z.object({ rules: rulesEpisodeSchema, inner: jsonSchema });

/** What {@link TransitionThenObservationRuntime.modifyTransitionThenFilterObservation} answers. */
export interface TransitionThenObservationResult {
  /** `modifyTransition`'s result. */
  transition: HookResult<TransitionPatch>;
  /**
   * `filterObservation`'s result on the observation patched by `transition` (see
   * `applyTransitionPatch`), with the memory `modifyTransition` left, the same state, turn
   * and seed; absent when it did not run (then the layer calls it itself).
   */
  observation?: HookResult<Observation>;
}

/**
 * A {@link RulesRuntime} that can run `modifyTransition` and then `filterObservation` in one
 * call, exactly as the Rules layer would call them one after the other (the sandbox does,
 * saving one isolate round trip per step). The layer still checks both results itself.
 */
export interface TransitionThenObservationRuntime extends RulesRuntime {
  modifyTransitionThenFilterObservation(
    action: Action,
    transition: TransitionInput,
    context: HookContextInput,
  ): Promise<TransitionThenObservationResult>;
}

/** True when `runtime` can run `modifyTransition` and `filterObservation` in one call. */
function runsTransitionThenObservation(runtime: RulesRuntime): runtime is TransitionThenObservationRuntime {
  return (
    typeof (runtime as Partial<TransitionThenObservationRuntime>).modifyTransitionThenFilterObservation === "function"
  );
}

/**
 * The group a Rules layer belongs to when consecutive layers were loaded together (see
 * `RulesGroupRuntime`): the group and this layer's index in it (0 = innermost).
 */
export interface RulesLayerGroup {
  runtime: RulesGroupRuntime;
  layer: number;
}

/** Options of {@link RulesLayer}: what `toLayerSpec()` records to rebuild it. */
export interface RulesLayerOptions {
  /** The component's TypeScript source (required to serialise the stack). */
  source?: string;
  /** A short name for people. */
  name?: string;
}

/**
 * Rules (the paper's Contract): filters actions, modifies transitions and filters
 * observations through a sandboxed {@link RulesRuntime}, with a per-episode JSON `memory`.
 *
 * On `step`: text input is parsed with the inner env's grammar (unparsable text goes
 * through raw, without action hooks); `filterAction` may pass, rewrite or block (a blocked
 * action never reaches the inner env: the reason is the observation, reward 0, and info
 * `{ actionError, blocked: true, stop: null }`); `modifyTransition` sees a copy of the
 * transition and may only replace the observation's text/data and set `truncated` (never
 * clear it) — reward, `terminated` and every info field pass through untouched;
 * `filterObservation` then shapes what the policy sees (also on `reset` and `observe`); a
 * {@link TransitionThenObservationRuntime} runs those two in one call. Hooks read
 * `stateView()` only when the runtime `usesState`. The layer hands the runtime its own
 * objects without copying them (the runtime copies at its boundary: the sandbox serialises
 * everything into the isolate) and checks every output on return. A failed hook throws
 * `COMPONENT_RUNTIME`. `evaluate()` is forwarded; component code never reaches it.
 */
export class RulesLayer extends HarnessLayer implements FusedRulesMember {
  readonly name = "Rules";
  private episode: RulesEpisode | null = null;
  /** The driver of this layer and the group layers inside it, once found (null: not fused). */
  private fusedLayers: FusedRulesLayers | null | undefined;

  /**
   * `group`: the group this layer was loaded in (its `runtime` is then the group's member
   * for this layer). A layer whose inner layers are the rest of its group, in order, runs
   * the group's hook phases for all of them in one call each (see `FusedRulesLayers`);
   * otherwise it calls its runtime hook by hook.
   */
  constructor(
    inner: ActionableEnv,
    readonly runtime: RulesRuntime,
    readonly options: RulesLayerOptions = {},
    readonly group?: RulesLayerGroup,
  ) {
    super(inner);
  }

  /** The episode, or null before `reset` (for the fused driver; throws `ENV_CLOSED` when closed). */
  openEpisode(): RulesEpisode | null {
    this.assertOpen();
    return this.episode;
  }

  /** Set the episode (for the fused driver; throws `ENV_CLOSED` when closed). */
  setEpisode(episode: RulesEpisode | null): void {
    this.assertOpen();
    this.episode = episode;
  }

  /** The fused driver when this layer and the layers inside it are its whole group's layers 0..n, in order. */
  private fused(): FusedRulesLayers | null {
    if (this.fusedLayers !== undefined) return this.fusedLayers;
    const group = this.group;
    let found: FusedRulesLayers | null = null;
    if (group) {
      const members: RulesLayer[] = [this];
      let current: RulesLayer = this;
      for (let layer = group.layer - 1; layer >= 0; layer--) {
        const next = current.inner;
        if (!(next instanceof RulesLayer) || next.group?.runtime !== group.runtime || next.group.layer !== layer) break;
        members.unshift(next);
        current = next;
      }
      if (members.length === group.layer + 1) found = new FusedRulesLayers(group.runtime, members, current.inner);
    }
    this.fusedLayers = found;
    return found;
  }

  private live(): RulesEpisode {
    this.assertOpen();
    if (!this.episode) throw new EnvriggerError("EPISODE_NOT_STARTED", `${this.label}: call reset() first`);
    return this.episode;
  }

  /**
   * The context of one hook call. Nothing is copied here: the runtime is the trust boundary
   * and copies what it is given (the sandbox serialises it into the isolate as JSON), and
   * the layer never changes `state` or `memory` in place (a hook's new memory replaces the
   * old object).
   */
  private context(episode: RulesEpisode, state: JsonObject): HookContextInput {
    return { state, memory: episode.memory, turn: episode.turn, seed: episode.seed };
  }

  /** Run `filterObservation` (when defined); memory changes are kept only when `keepMemory`. */
  private async filterObservation(
    episode: RulesEpisode,
    observation: Observation,
    keepMemory: boolean,
  ): Promise<Observation> {
    if (!this.runtime.hooks.filterObservation) return observation;
    const state = this.runtime.usesState ? await this.inner.stateView() : {};
    const result = await callRulesHook(
      this.label,
      "filterObservation",
      this.runtime.filterObservation(observation, this.context(episode, state)),
    );
    if (keepMemory) episode.memory = result.memory;
    return result.value;
  }

  override async reset(options: ResetOptions): Promise<ResetResult> {
    this.assertOpen();
    const fused = this.fused();
    if (fused) return fused.reset(options);
    this.episode = null;
    const reset = await this.inner.reset(options);
    const episode: RulesEpisode = { memory: {}, turn: 0, seed: options.seed, over: false };
    this.episode = episode;
    return { observation: await this.filterObservation(episode, reset.observation, true), info: reset.info };
  }

  override step(input: ActionInput): Promise<StepResult> {
    // Not async itself: a fused layer hands back the driver's promise as it is.
    let fused: FusedRulesLayers | null;
    try {
      fused = this.fused();
    } catch (error) {
      return Promise.reject(error);
    }
    return fused ? fused.step(input) : this.stepAlone(input);
  }

  /** `step` of a layer that is not fused: hook by hook through its runtime. */
  private async stepAlone(input: ActionInput): Promise<StepResult> {
    const episode = this.live();
    if (episode.over) throw new EnvriggerError("EPISODE_OVER", `${this.label}: the episode is over; call reset()`);
    let action: Action | null = typeof input === "string" ? this.inner.parseText(input) : input;
    let forwarded: ActionInput = input;
    const { runtime } = this;
    if (action && runtime.hooks.filterAction) {
      const state = runtime.usesState ? await this.inner.stateView() : {};
      const result = await callRulesHook(
        this.label,
        "filterAction",
        runtime.filterAction(action, this.context(episode, state)),
      );
      episode.memory = result.memory;
      const decision = result.value;
      if (decision.kind === "block") return this.blocked(episode, input, decision.reason);
      if (decision.kind === "rewrite") forwarded = action = decision.action;
    }
    const inner = await this.inner.step(forwarded);
    const { observation, truncatedByLayer } = await this.shapeTransition(episode, action, inner);
    const truncated = inner.truncated || truncatedByLayer;
    episode.turn += 1;
    episode.over = inner.terminated || truncated;
    const trace = {
      layer: this.label,
      actionIn: input,
      actionOut: forwarded,
      observationIn: inner.observation,
      observationOut: observation,
      truncatedByLayer,
      switches: episodeSwitches(episode.memory),
    };
    return {
      observation,
      reward: inner.reward,
      terminated: inner.terminated,
      truncated,
      info: prependLayerTrace(inner.info, trace, layerTracesOf(inner.info)),
    };
  }

  /**
   * After the inner step: run `modifyTransition` (when defined and the action parsed) and
   * then `filterObservation` on the patched observation, in one runtime call when the
   * runtime can; the observation the policy sees and whether this layer truncated.
   */
  private async shapeTransition(
    episode: RulesEpisode,
    action: Action | null,
    inner: StepResult,
  ): Promise<{ observation: Observation; truncatedByLayer: boolean }> {
    const { runtime } = this;
    if (!action || !runtime.hooks.modifyTransition) {
      return { observation: await this.filterObservation(episode, inner.observation, true), truncatedByLayer: false };
    }
    const envInfo = withoutLayerTraces(inner.info);
    const transition = {
      observation: inner.observation,
      reward: inner.reward,
      terminated: inner.terminated,
      truncated: inner.truncated,
      info: envInfo,
    };
    const state = runtime.usesState ? await this.inner.stateView() : {};
    const context = this.context(episode, state);
    const both: TransitionThenObservationResult =
      runtime.hooks.filterObservation && runsTransitionThenObservation(runtime)
        ? await settleRulesCall(
            this.label,
            "modifyTransition",
            runtime.modifyTransitionThenFilterObservation(action, transition, context),
          )
        : {
            transition: await settleRulesCall(
              this.label,
              "modifyTransition",
              runtime.modifyTransition(action, transition, context),
            ),
          };
    const result = checkRulesHookResult(this.label, "modifyTransition", both.transition);
    episode.memory = result.memory;
    const patch = result.value;
    const patched = applyTransitionPatch(inner.observation, patch);
    const truncatedByLayer = patch.truncated === true && !inner.truncated;
    if (both.observation === undefined)
      return { observation: await this.filterObservation(episode, patched, true), truncatedByLayer };
    const filtered = checkRulesHookResult(this.label, "filterObservation", both.observation);
    episode.memory = filtered.memory;
    return { observation: filtered.value, truncatedByLayer };
  }

  /** The result of a blocked action: the inner env is not stepped; the turn is spent. */
  private blocked(episode: RulesEpisode, input: ActionInput, reason: string): StepResult {
    episode.turn += 1;
    const observation = { text: reason };
    const trace = {
      layer: this.label,
      actionIn: input,
      actionOut: null,
      blockedReason: reason,
      observationOut: observation,
      switches: episodeSwitches(episode.memory),
    };
    return {
      observation,
      reward: 0,
      terminated: false,
      truncated: false,
      info: prependLayerTrace({ actionError: reason, blocked: true, stop: null }, trace, []),
    };
  }

  override async observe(): Promise<Observation> {
    const fused = this.fused();
    if (fused) return fused.observe();
    const episode = this.live();
    // A read must not change the episode: memory changes made while observing are dropped.
    return this.filterObservation(episode, await this.inner.observe(), false);
  }

  /** A Setup replay is not the policy's: the turn index starts again at 0 (memory is kept). */
  override async notifyReplayComplete(): Promise<void> {
    this.live().turn = 0;
    await this.inner.notifyReplayComplete();
  }

  override async saveState(): Promise<Json> {
    const episode = this.live();
    return { rules: structuredClone(episode), inner: await this.inner.saveState() };
  }

  override async restoreState(state: Json): Promise<void> {
    this.assertOpen();
    const saved = parseWith(savedRulesStateSchema, state, `${this.label} saved state`, "BAD_ARGUMENT");
    await this.inner.restoreState(saved.inner);
    this.episode = structuredClone(saved.rules);
    // A fused layer's memory lives in the group's sandbox: set it there too.
    this.group?.runtime.setMemory(this.group.layer, this.episode.memory);
  }

  toLayerSpec(): RulesLayerSpec {
    if (this.options.source === undefined) {
      throw new EnvriggerError(
        "INVALID_STACK",
        `${this.label} was built from a runtime without its source, so the stack cannot be saved as data`,
        {
          hint: "build Rules layers with { source } (buildStack does) when the stack must be serialised",
        },
      );
    }
    return {
      kind: "rules",
      source: this.options.source,
      ...(this.options.name === undefined ? {} : { name: this.options.name }),
    };
  }

  protected override async releaseResources(): Promise<void> {
    this.episode = null;
    this.runtime.dispose();
  }
}
