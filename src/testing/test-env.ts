import type { Action, ActionInput } from "../core/action.js";
import type { ActionableEnv } from "../core/actionable-env.js";
import { EnvriggerError } from "../core/errors.js";
import type { Evaluation } from "../core/evaluation.js";
import type { Json, JsonObject } from "../core/json.js";
import type { Observation } from "../core/observation.js";
import type { ResetResult, StepResult } from "../core/step-result.js";
import type { ResetOptions, Split, TaskInfo } from "../core/task.js";
import type { ToolSpec } from "../core/tool-spec.js";

/** The state of a {@link TestEnv} episode (plain JSON). */
export interface TestEnvState extends JsonObject {
  taskId: string;
  seed: number;
  counter: number;
  turns: number;
  done: boolean;
  log: string[];
}

/** Options of {@link TestEnv}: every behaviour can be replaced. */
export interface TestEnvOptions {
  /** Target value of the counter; `submit` succeeds when the counter equals it. Default 3. */
  target?: number;
  /** Turn budget; default 10. */
  maxTurns?: number;
  /** Replace `reset`. */
  onReset?: (state: TestEnvState, options: ResetOptions) => void;
  /** Replace the effect of a step; return the observation text. */
  onStep?: (state: TestEnvState, action: Action) => string;
}

/**
 * A small, fully deterministic test environment: a counter with tools `inc`, `dec`,
 * `peek` and `submit`. Success when `submit` is called with counter = target. Its hooks
 * can be replaced to inject misbehaviour (nondeterminism, bad shapes, throws).
 */
export class TestEnv implements ActionableEnv {
  readonly id = "test";
  private state: TestEnvState | null = null;
  private closed = false;
  private readonly target: number;
  private readonly maxTurns: number;

  constructor(private readonly options: TestEnvOptions = {}) {
    this.target = options.target ?? 3;
    this.maxTurns = options.maxTurns ?? 10;
  }

  describe(): string {
    return this.id;
  }

  async tools(): Promise<ToolSpec[]> {
    const none = { type: "object", properties: {}, additionalProperties: false };
    return [
      { name: "inc", description: "Add one to the counter.", inputSchema: none },
      { name: "dec", description: "Subtract one from the counter.", inputSchema: none },
      { name: "peek", description: "Show the counter.", inputSchema: none },
      { name: "submit", description: "End the episode.", inputSchema: none },
    ];
  }

  async listTasks(split: Split): Promise<TaskInfo[]> {
    return split === "train"
      ? [
          { id: "t1", split, group: "a" },
          { id: "t2", split, group: "b" },
        ]
      : [{ id: "h1", split, group: "a" }];
  }

  private live(): TestEnvState {
    if (this.closed) throw new EnvriggerError("ENV_CLOSED", "the test env is closed");
    if (!this.state) throw new EnvriggerError("EPISODE_NOT_STARTED", "call reset() first");
    return this.state;
  }

  async reset(options: ResetOptions): Promise<ResetResult> {
    if (this.closed) throw new EnvriggerError("ENV_CLOSED", "the test env is closed");
    this.state = { taskId: options.taskId, seed: options.seed, counter: 0, turns: 0, done: false, log: [] };
    this.options.onReset?.(this.state, options);
    return { observation: await this.observe(), info: { taskId: options.taskId, maxTurns: this.maxTurns } };
  }

  parseText(text: string): Action | null {
    const match = /^\s*(\w+)\s*$/.exec(text);
    return match ? { name: match[1] as string, args: {} } : null;
  }

  async step(input: ActionInput): Promise<StepResult> {
    const state = this.live();
    if (state.done) throw new EnvriggerError("EPISODE_OVER", "the episode is over; call reset()");
    state.turns += 1;
    const action = typeof input === "string" ? this.parseText(input) : input;
    let text: string;
    let terminated = false;
    let stop: string | null = null;
    if (!action) text = "error: malformed";
    else if (this.options.onStep) text = this.options.onStep(state, action);
    else if (action.name === "inc") text = `counter ${++state.counter}`;
    else if (action.name === "dec") text = `counter ${--state.counter}`;
    else if (action.name === "peek") text = `counter ${state.counter}`;
    else if (action.name === "submit") {
      text = "submitted";
      terminated = true;
      stop = "submit";
    } else text = `error: unknown tool ${action.name}`;
    const actionError = typeof text === "string" && text.startsWith("error:") ? text : null;
    state.log.push(action ? action.name : "?");
    const truncated = !terminated && state.turns >= this.maxTurns;
    if (truncated) stop = "budget";
    state.done = terminated || truncated;
    const success = terminated && state.counter === this.target;
    return {
      observation: { text },
      reward: success ? 1 : 0,
      terminated,
      truncated,
      info: { stop, turns: state.turns, counter: state.counter, success, actionError },
    };
  }

  async observe(): Promise<Observation> {
    const state = this.live();
    return { text: `counter ${state.counter}; reach ${this.target} then submit`, data: { counter: state.counter } };
  }

  async evaluate(): Promise<Evaluation> {
    const state = this.live();
    const submitted = state.log.at(-1) === "submit";
    const success = submitted && state.counter === this.target;
    return { success, score: success ? 1 : 0, metrics: { counter: state.counter, submitted } };
  }

  async stateView(): Promise<JsonObject> {
    const state = this.live();
    return { counter: state.counter, turns: state.turns, log: [...state.log] };
  }

  stateSchema(): string {
    return "counter: number — the counter; turns: number — turns taken; log: string[] — tools called";
  }

  async saveState(): Promise<Json> {
    return structuredClone(this.live());
  }

  async restoreState(state: Json): Promise<void> {
    if (this.closed) throw new EnvriggerError("ENV_CLOSED", "the test env is closed");
    this.state = structuredClone(state) as TestEnvState;
  }

  async notifyReplayComplete(): Promise<void> {
    this.live().turns = 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.state = null;
  }
}
