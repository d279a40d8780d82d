import type { Action, ActionInput } from "./action.js";
import type { Evaluation } from "./evaluation.js";
import type { Json, JsonObject } from "./json.js";
import type { Observation } from "./observation.js";
import type { ResetResult, StepResult } from "./step-result.js";
import type { ResetOptions, Split, TaskInfo } from "./task.js";
import type { ToolSpec } from "./tool-spec.js";

/**
 * The environment contract every bridge and every harness layer implements
 * (Gymnasium-shaped, async). A harness layer is an `ActionableEnv` wrapping another one.
 *
 * Rules of the contract:
 * - `reset` with the same `{taskId, seed}` gives the same episode; `step` is deterministic
 *   given the episode's history.
 * - `stateView` returns plain JSON (a deep copy, no handles): the only state a harness
 *   hook may read. It never contains hidden verifier data.
 * - `evaluate` is the verifier; only a base environment computes it (a Chain composes two).
 * - `close` is idempotent; any other call after it throws `ENV_CLOSED`.
 */
export interface ActionableEnv {
  /** The base environment id (e.g. `bugfix`), the same through every layer. */
  readonly id: string;
  /** The nesting of a stack, e.g. `Rules<Setup<bugfix>>`; a base env returns its id. */
  describe(): string;
  /** The tools, MCP-shaped. */
  tools(): Promise<ToolSpec[]>;
  /** Tasks of a split. */
  listTasks(split: Split): Promise<TaskInfo[]>;
  /** Start an episode. */
  reset(options: ResetOptions): Promise<ResetResult>;
  /**
   * Take one action. A string is raw text for environments with a text grammar; an
   * environment without one treats a string as a malformed call (a turn is spent).
   */
  step(action: ActionInput): Promise<StepResult>;
  /** A fresh observation of the current state, without stepping. */
  observe(): Promise<Observation>;
  /** The verifier's verdict on the current state of the episode. */
  evaluate(): Promise<Evaluation>;
  /** A read-only, JSON-only view of the state (what harness hooks may read). */
  stateView(): Promise<JsonObject>;
  /** Human-readable description of `stateView()`'s fields, shown to designers. */
  stateSchema(): string;
  /** Everything needed to continue the episode later (JSON). */
  saveState(): Promise<Json>;
  /** Continue from a `saveState()` value; the episode then proceeds as if uninterrupted. */
  restoreState(state: Json): Promise<void>;
  /**
   * Called by a Setup layer after it replayed its actions: the env resets per-episode
   * counters (turn budget, repetition guards) so the replay is not charged to the agent.
   */
  notifyReplayComplete(): Promise<void>;
  /**
   * Parse raw policy text into an action when the env has a text grammar; `null` when the
   * text is malformed (or the env has no grammar). Layers use it to see text actions.
   */
  parseText(text: string): Action | null;
  /** Release resources. Safe to call twice. */
  close(): Promise<void>;
  /**
   * Optional: the actions worth considering after `observation` (what a learnable policy
   * chooses among when the tools' schemas cannot enumerate them, e.g. free-text
   * arguments). `null`/absent: candidates come from the schemas.
   */
  candidateActions?(observation: Observation): Promise<ActionInput[] | null>;
}
