import { z } from "zod";
import type { Action, ActionInput } from "../core/action.js";
import type { ActionableEnv } from "../core/actionable-env.js";
import { EnvriggerError } from "../core/errors.js";
import type { Evaluation } from "../core/evaluation.js";
import { jsonSchema, type Json, type JsonObject } from "../core/json.js";
import type { LayerTrace } from "../core/layer-trace.js";
import type { Observation } from "../core/observation.js";
import { deriveSeed } from "../core/seeding.js";
import { INFO_STOP, type ResetResult, type StepResult } from "../core/step-result.js";
import type { ResetOptions } from "../core/task.js";
import type { ToolSpec } from "../core/tool-spec.js";
import { parseWith } from "../core/validate.js";
import { bannerChainObservation, labelledChainObservation, type ChainPart } from "./chain-observation.js";
import { HarnessLayer } from "./harness-layer.js";
import type { ChainLayerSpec, ChainMode } from "./harness-stack-spec.js";
import { layerTracesOf, prependLayerTrace, withoutLayerTraces } from "./layer-trace-info.js";
import { stackSpecOf } from "./stack-spec-of.js";

const chainPartSchema = z.enum(["first", "second"]);
const chainEpisodeSchema = z.object({
  active: chainPartSchema,
  ended: z.object({ first: z.boolean(), second: z.boolean() }),
});
type ChainEpisode = z.infer<typeof chainEpisodeSchema>;
const savedChainStateSchema = z.object({ chain: chainEpisodeSchema, first: jsonSchema, second: jsonSchema });

/** Options of {@link ChainLayer}. */
export interface ChainLayerOptions {
  /** `serial`: the first part until it ends, then the second; `alternate`: turn by turn. */
  mode: ChainMode;
  /** The task the second part runs (its seed is derived from the episode seed). */
  secondTaskId: string;
  /** Carried-context text shown when a serial chain moves to its second part. */
  banner?: string;
}

/**
 * Chain (the paper's Link): composes two envs, changing the horizon. `reset` resets both
 * (the second with `secondTaskId` and seed `deriveSeed(seed, "chain")`). In `serial` mode
 * actions go to the first part until it ends, then the policy sees the banner and the
 * second part's observation and acts there; in `alternate` mode turns alternate (skipping
 * a part that ended) and observations are labelled by part. The composite ends when both
 * parts ended; it succeeds when both verifiers succeed (score: their mean). Tools are the
 * union of both parts' tools; the turn budget is the sum of both when both declare one.
 */
export class ChainLayer extends HarnessLayer {
  readonly name = "Chain";
  private episode: ChainEpisode | null = null;

  constructor(
    first: ActionableEnv,
    readonly second: ActionableEnv,
    readonly options: ChainLayerOptions,
  ) {
    super(first);
  }

  /** The first part (the stack this Chain wraps). */
  get first(): ActionableEnv {
    return this.inner;
  }

  private part(part: ChainPart): ActionableEnv {
    return part === "first" ? this.inner : this.second;
  }

  private live(): ChainEpisode {
    this.assertOpen();
    if (!this.episode) throw new EnvriggerError("EPISODE_NOT_STARTED", `${this.label}: call reset() first`);
    return this.episode;
  }

  override describe(): string {
    return `${this.name}<${this.inner.describe()}, ${this.second.describe()}>`;
  }

  override async tools(): Promise<ToolSpec[]> {
    this.assertOpen();
    const tools = [...(await this.inner.tools())];
    for (const tool of await this.second.tools()) {
      if (!tools.some((known) => known.name === tool.name)) tools.push(tool);
    }
    return tools;
  }

  override async reset(options: ResetOptions): Promise<ResetResult> {
    this.assertOpen();
    this.episode = null;
    const first = await this.inner.reset(options);
    const second = await this.second.reset({
      taskId: this.options.secondTaskId,
      seed: deriveSeed(options.seed, "chain"),
    });
    this.episode = { active: "first", ended: { first: false, second: false } };
    const { maxTurns: firstTurns, ...info } = first.info;
    const secondTurns = second.info.maxTurns;
    const budget: JsonObject =
      typeof firstTurns === "number" && typeof secondTurns === "number" ? { maxTurns: firstTurns + secondTurns } : {};
    return {
      observation:
        this.options.mode === "alternate"
          ? labelledChainObservation([{ part: "first", observation: first.observation }], "first")
          : first.observation,
      info: {
        ...info,
        ...budget,
        chain: { mode: this.options.mode, secondTaskId: this.options.secondTaskId, second: second.info },
      },
    };
  }

  /** The part that acts after `part` stepped (a part that ended is skipped). */
  private nextActive(episode: ChainEpisode, part: ChainPart): ChainPart {
    const other: ChainPart = part === "first" ? "second" : "first";
    if (this.options.mode === "serial") return episode.ended[part] && !episode.ended[other] ? other : part;
    return episode.ended[other] ? part : other;
  }

  override async step(input: ActionInput): Promise<StepResult> {
    const episode = this.live();
    if (episode.ended.first && episode.ended.second)
      throw new EnvriggerError("EPISODE_OVER", `${this.label}: both parts ended; call reset()`);
    const stepped = episode.active;
    const result = await this.part(stepped).step(input);
    if (result.terminated || result.truncated) episode.ended[stepped] = true;
    const active = this.nextActive(episode, stepped);
    episode.active = active;
    const over = episode.ended.first && episode.ended.second;
    const observation = await this.composeObservation(stepped, result.observation, active);
    const innerTraces = layerTracesOf(result.info).map(
      (trace): LayerTrace => (stepped === "first" ? trace : { ...trace, layer: `second:${trace.layer}` }),
    );
    const trace: LayerTrace = {
      layer: this.label,
      actionIn: input,
      actionOut: input,
      observationIn: result.observation,
      observationOut: observation,
    };
    const info: JsonObject = {
      ...withoutLayerTraces(result.info),
      [INFO_STOP]: over ? (result.info[INFO_STOP] ?? null) : null,
      chain: { part: stepped, active, partTerminated: result.terminated, partTruncated: result.truncated },
    };
    return {
      observation,
      reward: result.reward,
      terminated: over && result.terminated,
      truncated: over && result.truncated,
      info: prependLayerTrace(info, trace, innerTraces),
    };
  }

  /** What the policy sees after `stepped` answered `observation` and `active` acts next. */
  private async composeObservation(
    stepped: ChainPart,
    observation: Observation,
    active: ChainPart,
  ): Promise<Observation> {
    if (this.options.mode === "serial") {
      return active === stepped
        ? observation
        : bannerChainObservation(this.options.banner, await this.part(active).observe());
    }
    const segments = [{ part: stepped, observation }];
    if (active !== stepped) segments.push({ part: active, observation: await this.part(active).observe() });
    return labelledChainObservation(segments, active);
  }

  override async observe(): Promise<Observation> {
    const { active } = this.live();
    const observation = await this.part(active).observe();
    return this.options.mode === "alternate"
      ? labelledChainObservation([{ part: active, observation }], active)
      : observation;
  }

  override parseText(text: string): Action | null {
    return this.part(this.episode?.active ?? "first").parseText(text);
  }

  override async evaluate(): Promise<Evaluation> {
    this.live();
    const first = await this.inner.evaluate();
    const second = await this.second.evaluate();
    return {
      success: first.success && second.success,
      score: (first.score + second.score) / 2,
      metrics: { first, second },
    };
  }

  override async stateView(): Promise<JsonObject> {
    const episode = this.live();
    return {
      mode: this.options.mode,
      ...structuredClone(episode),
      first: await this.inner.stateView(),
      second: await this.second.stateView(),
    };
  }

  override stateSchema(): string {
    return [
      `Chain of two environments (${this.options.mode}).`,
      `mode: "serial" | "alternate"; active: "first" | "second" — the part the next action goes to; ended: { first, second } — which parts ended;`,
      `first: the first part's state (${this.inner.stateSchema()});`,
      `second: the second part's state (${this.second.stateSchema()})`,
    ].join("\n");
  }

  override async saveState(): Promise<Json> {
    const episode = this.live();
    return {
      chain: structuredClone(episode),
      first: await this.inner.saveState(),
      second: await this.second.saveState(),
    };
  }

  override async restoreState(state: Json): Promise<void> {
    this.assertOpen();
    const saved = parseWith(savedChainStateSchema, state, `${this.label} saved state`, "BAD_ARGUMENT");
    await this.inner.restoreState(saved.first);
    await this.second.restoreState(saved.second);
    this.episode = structuredClone(saved.chain);
  }

  /** A Setup below or above may replay into either part: both parts are notified. */
  override async notifyReplayComplete(): Promise<void> {
    this.live();
    await this.inner.notifyReplayComplete();
    await this.second.notifyReplayComplete();
  }

  toLayerSpec(): ChainLayerSpec {
    const other = stackSpecOf(this.second);
    return {
      kind: "chain",
      mode: this.options.mode,
      other: { ...other, base: { ...other.base, taskId: this.options.secondTaskId } },
      ...(this.options.banner === undefined ? {} : { banner: this.options.banner }),
    };
  }

  protected override async releaseResources(): Promise<void> {
    this.episode = null;
    await this.second.close();
  }
}
