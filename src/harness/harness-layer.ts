import type { Action, ActionInput } from "../core/action.js";
import type { ActionableEnv } from "../core/actionable-env.js";
import { EnvriggerError } from "../core/errors.js";
import type { Evaluation } from "../core/evaluation.js";
import type { Json, JsonObject } from "../core/json.js";
import type { Observation } from "../core/observation.js";
import type { ResetResult, StepResult } from "../core/step-result.js";
import type { ResetOptions, Split, TaskInfo } from "../core/task.js";
import type { ToolSpec } from "../core/tool-spec.js";
import type { LayerSpec } from "./harness-stack-spec.js";

/**
 * The base class of every harness component (a decorator, as Gymnasium's wrappers): an
 * {@link ActionableEnv} that wraps `inner` and forwards every method to it. A subclass
 * overrides the one thing it changes (Setup: `reset`; Rules: `step`/`observe`; Chain: the
 * episode's horizon).
 *
 * A layer records its constructor arguments, so {@link HarnessLayer.toLayerSpec} returns
 * the data that rebuilds it, and it prints the stack's nesting (`Rules<Setup<bugfix>>`).
 * After `close()`, every call but `close()` throws `ENV_CLOSED`.
 *
 * The forwarding methods on the step path (`reset`, `step`, `observe`, `evaluate`,
 * `stateView`, `notifyReplayComplete`) are not `async`: they hand back the inner env's
 * promise as it is, saving an async frame and two promise jobs per call and layer; a
 * failure (closed, or an inner env that threw) is still a rejected promise.
 */
export abstract class HarnessLayer implements ActionableEnv {
  /** The base environment's id, the same through every layer. */
  readonly id: string;
  /** The component's name as printed in `describe()` and labels (`Setup`, `Rules`, `Chain`). */
  abstract readonly name: string;
  private closed = false;
  /** The label, computed on first use (the stack below a layer never changes). */
  private cachedLabel: string | undefined;

  constructor(readonly inner: ActionableEnv) {
    this.id = inner.id;
  }

  /** Position in the stack counted from the base: the layer right above the base is 0. */
  get index(): number {
    return this.inner instanceof HarnessLayer ? this.inner.index + 1 : 0;
  }

  /** The label used in traces, e.g. `Rules#1`. */
  get label(): string {
    this.cachedLabel ??= `${this.name}#${this.index}`;
    return this.cachedLabel;
  }

  /** The innermost environment of the stack (the bridge). */
  get base(): ActionableEnv {
    return this.inner instanceof HarnessLayer ? this.inner.base : this.inner;
  }

  /** The data that rebuilds this layer around an equal inner stack (see `buildStack`). */
  abstract toLayerSpec(): LayerSpec;

  /** Throws `ENV_CLOSED` after `close()`. Subclasses call it first in what they override. */
  protected assertOpen(): void {
    if (this.closed) throw new EnvriggerError("ENV_CLOSED", `${this.label} is closed`, { hint: "build a new stack" });
  }

  /**
   * `call` on the inner env after the open check, its promise handed back as it is (no
   * async frame of this layer's own); a throw (closed, or an inner env that threw) becomes
   * a rejected promise, as from an `async` method.
   */
  protected forward<T>(call: (inner: ActionableEnv) => Promise<T>): Promise<T> {
    try {
      this.assertOpen();
      return call(this.inner);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  describe(): string {
    return `${this.name}<${this.inner.describe()}>`;
  }

  async tools(): Promise<ToolSpec[]> {
    this.assertOpen();
    return this.inner.tools();
  }

  async listTasks(split: Split): Promise<TaskInfo[]> {
    this.assertOpen();
    return this.inner.listTasks(split);
  }

  reset(options: ResetOptions): Promise<ResetResult> {
    return this.forward((inner) => inner.reset(options));
  }

  step(action: ActionInput): Promise<StepResult> {
    return this.forward((inner) => inner.step(action));
  }

  observe(): Promise<Observation> {
    return this.forward((inner) => inner.observe());
  }

  evaluate(): Promise<Evaluation> {
    return this.forward((inner) => inner.evaluate());
  }

  stateView(): Promise<JsonObject> {
    return this.forward((inner) => inner.stateView());
  }

  stateSchema(): string {
    return this.inner.stateSchema();
  }

  async saveState(): Promise<Json> {
    this.assertOpen();
    return this.inner.saveState();
  }

  async restoreState(state: Json): Promise<void> {
    this.assertOpen();
    return this.inner.restoreState(state);
  }

  notifyReplayComplete(): Promise<void> {
    return this.forward((inner) => inner.notifyReplayComplete());
  }

  parseText(text: string): Action | null {
    return this.inner.parseText(text);
  }

  /** The base env's candidate actions for the observation the policy sees (null when it offers none). */
  async candidateActions(observation: Observation): Promise<ActionInput[] | null> {
    this.assertOpen();
    return (await this.inner.candidateActions?.(observation)) ?? null;
  }

  /** Closes the inner env, then releases this layer's own resources ({@link releaseResources}). Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.inner.close();
    } finally {
      await this.releaseResources();
    }
  }

  /** What a layer frees on close besides the inner env (a sandbox, a second env). Called once. */
  protected async releaseResources(): Promise<void> {}
}
