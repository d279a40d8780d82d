import { z } from "zod";
import type { Action, ActionInput } from "../core/action.js";
import { actionInputSchema, actionSchema } from "../core/action.js";
import type { ActionableEnv } from "../core/actionable-env.js";
import { EnvriggerError } from "../core/errors.js";
import { evaluationSchema, type Evaluation } from "../core/evaluation.js";
import { jsonObjectSchema, jsonSchema, type Json, type JsonObject } from "../core/json.js";
import { observationSchema, type Observation } from "../core/observation.js";
import { resetResultSchema, stepResultSchema, type ResetResult, type StepResult } from "../core/step-result.js";
import { taskInfoSchema, type ResetOptions, type Split, type TaskInfo } from "../core/task.js";
import { toolSpecSchema, type ToolSpec } from "../core/tool-spec.js";
import { parseWith } from "../core/validate.js";

/** The methods a plugin env object may have (sync or async; plain JSON in and out). */
export type PluginEnvObject = Record<string, ((...args: unknown[]) => unknown) | unknown>;

/** Members every plugin env must define. */
export const REQUIRED_PLUGIN_ENV_METHODS = ["tools", "reset", "step", "evaluate"] as const;
/** Members a plugin env may define; defaults are documented on {@link PluginEnv}. */
export const OPTIONAL_PLUGIN_ENV_METHODS = [
  "observe",
  "stateView",
  "stateSchema",
  "saveState",
  "restoreState",
  "notifyReplayComplete",
  "parseText",
  "close",
  "describe",
  "candidateActions",
] as const;

/**
 * Adapts a user's plain env object to {@link ActionableEnv}: awaits every method and
 * validates every value it returns (a wrong shape is a PLUGIN_SHAPE error naming the
 * method). Defaults for optional members: `observe` → the last observation, `stateView`
 * → `{}`, `stateSchema` → "", `notifyReplayComplete`/`close` → nothing, `parseText` → null;
 * `saveState`/`restoreState` missing → PLUGIN_SHAPE when called.
 */
export class PluginEnv implements ActionableEnv {
  private closed = false;
  private lastObservation: Observation | null = null;

  constructor(
    readonly id: string,
    private readonly target: PluginEnvObject,
    private readonly tasks: (split: Split) => Promise<TaskInfo[]>,
  ) {}

  private async call(name: string, ...args: unknown[]): Promise<unknown> {
    if (this.closed && name !== "close") throw new EnvriggerError("ENV_CLOSED", `plugin env ${this.id} is closed`);
    const method = this.target[name];
    if (typeof method !== "function") {
      throw new EnvriggerError("PLUGIN_SHAPE", `plugin env ${this.id} has no \`${name}\` method`);
    }
    return await (method as (...parameters: unknown[]) => unknown).apply(this.target, args);
  }

  private checked<S extends z.ZodType>(schema: S, value: unknown, method: string): z.infer<S> {
    return parseWith(schema, value, `value returned by plugin env ${this.id}.${method}()`, "PLUGIN_SHAPE");
  }

  private has(name: string): boolean {
    return typeof this.target[name] === "function";
  }

  describe(): string {
    return this.id;
  }

  async tools(): Promise<ToolSpec[]> {
    return this.checked(z.array(toolSpecSchema), await this.call("tools"), "tools");
  }

  listTasks(split: Split): Promise<TaskInfo[]> {
    return this.tasks(split);
  }

  async reset(options: ResetOptions): Promise<ResetResult> {
    const raw = await this.call("reset", { ...options });
    const result = this.checked(resetResultSchema, raw, "reset");
    this.lastObservation = result.observation;
    return result;
  }

  async step(action: ActionInput): Promise<StepResult> {
    const result = this.checked(stepResultSchema, await this.call("step", structuredClone(action)), "step");
    this.lastObservation = result.observation;
    return result;
  }

  async observe(): Promise<Observation> {
    if (this.has("observe")) return this.checked(observationSchema, await this.call("observe"), "observe");
    if (this.closed) throw new EnvriggerError("ENV_CLOSED", `plugin env ${this.id} is closed`);
    if (!this.lastObservation)
      throw new EnvriggerError("EPISODE_NOT_STARTED", `plugin env ${this.id}: call reset() first`);
    return this.lastObservation;
  }

  async evaluate(): Promise<Evaluation> {
    return this.checked(evaluationSchema, await this.call("evaluate"), "evaluate");
  }

  async stateView(): Promise<JsonObject> {
    return this.has("stateView") ? this.checked(jsonObjectSchema, await this.call("stateView"), "stateView") : {};
  }

  stateSchema(): string {
    const method = this.target.stateSchema;
    return typeof method === "function" ? String(method.call(this.target)) : "";
  }

  async saveState(): Promise<Json> {
    return this.checked(jsonSchema, await this.call("saveState"), "saveState");
  }

  async restoreState(state: Json): Promise<void> {
    await this.call("restoreState", structuredClone(state));
  }

  async notifyReplayComplete(): Promise<void> {
    if (this.has("notifyReplayComplete")) await this.call("notifyReplayComplete");
  }

  parseText(text: string): Action | null {
    const method = this.target.parseText;
    if (typeof method !== "function") return null;
    const parsed = actionSchema.nullable().safeParse(method.call(this.target, text));
    return parsed.success ? parsed.data : null;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.has("close")) await this.call("close");
  }

  /** The module's `candidateActions(observation)` (validated), or null when it has none. */
  async candidateActions(observation: Observation): Promise<ActionInput[] | null> {
    if (!this.has("candidateActions")) return null;
    return this.checked(
      z.array(actionInputSchema).nullable(),
      await this.call("candidateActions", structuredClone(observation)),
      "candidateActions",
    );
  }
}

/** Validate the tasks a plugin lists. */
export function checkPluginTasks(id: string, value: unknown, split: Split): TaskInfo[] {
  const tasks = parseWith(
    z.array(taskInfoSchema.partial({ split: true })),
    value,
    `tasks listed by plugin env ${id}`,
    "PLUGIN_SHAPE",
  );
  return tasks.map((task) => ({ ...task, split: task.split ?? split }));
}
