import type { z } from "zod";
import { isAction, type Action, type ActionInput } from "../../core/action.js";
import type { ActionableEnv } from "../../core/actionable-env.js";
import { EnvriggerError } from "../../core/errors.js";
import type { Evaluation } from "../../core/evaluation.js";
import type { Json, JsonObject } from "../../core/json.js";
import type { Observation } from "../../core/observation.js";
import { deriveSeed } from "../../core/seeding.js";
import type { ResetResult, StepResult } from "../../core/step-result.js";
import type { ResetOptions, Split, TaskInfo } from "../../core/task.js";
import type { ToolSpec } from "../../core/tool-spec.js";
import { parseWith } from "../../core/validate.js";
import type { BugFixEvent, BugFixInfo } from "./bugfix-info.js";
import type { BugFixTask } from "./bugfix-task.js";
import type { BugFixTaskStore } from "./bugfix-task-store.js";
import type { EditOpName } from "./edit-op-name.js";
import { gradeSource, type SourceGrade } from "./grade-source.js";
import { gradedVerdict, issueObservation } from "./graded-verdict.js";
import { bugFixTaskInfos } from "./task-catalog.js";
import { TaskStoreLease } from "./task-store-lease.js";
import { truncateOutput } from "./truncate-output.js";
import { gradedInfo } from "./graded-info.js";

const budgetMessage = "[turn budget used up: the episode is over]";

/** The fields every graded BugFix-task episode state has (BugFix's and `bugfix-tools`'). */
export interface GradedEpisodeState<I extends BugFixInfo> {
  taskSeed: number;
  taskId: string;
  seed: number;
  turns: number;
  submitted: boolean;
  done: boolean;
  invalidCalls: number;
  rejectedCalls: number;
  testsRun: number;
  lastTestAllPassed: boolean | null;
  lastTool: string | null;
  lastText: string | null;
  lastEvent: BugFixEvent | null;
  lastActionError: string | null;
  final: I | null;
}

/** The counters a new episode starts with; the env adds its own fields (source, workspace…). */
export type GradedEpisodeStart = Omit<GradedEpisodeState<BugFixInfo>, "final">;

/** What one parsed call did: the observation text, its event label and its error, if any. */
export interface GradedStepOutcome {
  text: string;
  event: BugFixEvent;
  actionError: string | null;
}

/** The parsed options the episode lifecycle reads (both envs' option schemas have them). */
export interface GradedTaskEnvSettings {
  taskSeed: number;
  maxTurns: number;
  flakeRate: number;
  observationBudget: number;
  reward: "hidden" | "public";
}

/** What sets a graded env apart from another one with the same episode lifecycle. */
export interface GradedTaskEnvDefinition<S, I> {
  /** Names the options in errors, e.g. `bugfix env options`. */
  optionsLabel: string;
  optionsSchema: z.ZodType<GradedTaskEnvSettings, unknown>;
  /** A named reward or a custom function → the reward of the final info record (checked finite). */
  resolveReward: (option: "hidden" | "public" | ((info: I) => number)) => (info: I) => number;
  /** Validates a `saveState()` value on restore. */
  savedStateSchema: z.ZodType<S>;
  /** The state view and its schema text (`stateView()`, `stateSchema()`). */
  stateView: (state: S, maxTurns: number) => JsonObject;
  stateSchemaText: string;
  /** The observation text and action error of a malformed call. */
  malformedMessage: string;
}

/**
 * The episode lifecycle of the envs built on BugFix's tasks: a task from the store, a turn
 * budget, one grading when the episode ends (public and hidden tests, on the source as it
 * is then), the reward of the final info record on the last step only, save/restore, and a
 * Setup replay that gives the turn budget back. Subclasses say what a call does
 * ({@link act}), where the graded source is ({@link source}) and what their state and
 * info records add.
 */
export abstract class GradedTaskEnv<S extends GradedEpisodeState<I>, I extends BugFixInfo> implements ActionableEnv {
  abstract readonly id: string;
  protected readonly store: BugFixTaskStore;
  protected task: BugFixTask | null = null;
  private readonly settings: GradedTaskEnvSettings;
  private readonly reward: (info: I) => number;
  private readonly lease: TaskStoreLease;
  private state: S | null = null;
  private closed = false;

  /** `options.reward` may be a function of the final info record; the rest are the env's JSON options. */
  protected constructor(
    private readonly definition: GradedTaskEnvDefinition<S, I>,
    options: { reward?: unknown },
    store?: BugFixTaskStore,
  ) {
    const rewardFunction = typeof options.reward === "function" ? (options.reward as (info: I) => number) : null;
    const json = rewardFunction ? { ...options, reward: undefined } : options;
    this.settings = parseWith(definition.optionsSchema, json, definition.optionsLabel, "BAD_CONFIG");
    this.reward = definition.resolveReward(rewardFunction ?? this.settings.reward);
    this.lease = new TaskStoreLease(this.settings.taskSeed, store);
    this.store = this.lease.store;
  }

  /** The env's tools (the env is known to be open). */
  protected abstract toolList(): ToolSpec[];
  /** The state of a new episode of `task`: `start` plus the env's own fields. */
  protected abstract startState(task: BugFixTask, start: GradedEpisodeStart): S;
  /** Run one parsed call, updating `state` (its counters, `submitted`, the source). */
  protected abstract act(action: Action, state: S, task: BugFixTask): GradedStepOutcome;
  /** The graded source of the episode. */
  protected abstract source(state: S): string;
  /** The info record's fields after BugFix's own (none for BugFix). */
  protected abstract recordExtras(state: S): Omit<I, keyof BugFixInfo>;
  /** The edit ops used, for the info record (none unless the env has an edit-op menu). */
  protected opsUsed(_state: S): EditOpName[] {
    return [];
  }
  /** The observation's `data` of a step, read after its event and error are recorded. */
  protected observationData(_state: S, _action: Action | null): JsonObject | undefined {
    return undefined;
  }

  abstract parseText(text: string): Action | null;

  describe(): string {
    return this.id;
  }

  async tools(): Promise<ToolSpec[]> {
    this.open();
    return this.toolList();
  }

  async listTasks(split: Split): Promise<TaskInfo[]> {
    this.open();
    return bugFixTaskInfos(split);
  }

  async reset(options: ResetOptions): Promise<ResetResult> {
    this.open();
    if (typeof options?.taskId !== "string" || !Number.isInteger(options.seed) || options.seed < 0) {
      throw new EnvriggerError("BAD_ARGUMENT", "reset needs { taskId: string, seed: non-negative integer }");
    }
    const task = this.store.task(options.taskId);
    const { taskSeed, maxTurns } = this.settings;
    this.task = task;
    this.state = this.startState(task, {
      taskSeed,
      taskId: task.id,
      seed: options.seed,
      turns: 0,
      submitted: false,
      done: false,
      invalidCalls: 0,
      rejectedCalls: 0,
      testsRun: 0,
      lastTestAllPassed: null,
      lastTool: null,
      lastText: null,
      lastEvent: null,
      lastActionError: null,
    });
    return {
      observation: { text: task.issue },
      info: { taskId: task.id, split: task.split, group: task.family, functionName: task.functionName, maxTurns },
    };
  }

  async step(input: ActionInput): Promise<StepResult> {
    const state = this.live();
    const task = this.task as BugFixTask;
    const { maxTurns, flakeRate, observationBudget } = this.settings;
    if (state.done)
      throw new EnvriggerError("EPISODE_OVER", `the ${this.id} episode is over; call reset() to start another`);
    state.turns += 1;
    const action = typeof input === "string" ? this.parseText(input) : isAction(input) ? input : null;
    state.lastTool = action?.name ?? null;
    let outcome: GradedStepOutcome;
    if (action === null) {
      state.invalidCalls += 1;
      outcome = {
        text: this.definition.malformedMessage,
        event: "malformed",
        actionError: this.definition.malformedMessage,
      };
    } else {
      outcome = this.act(action, state, task);
    }
    state.lastEvent = outcome.event;
    state.lastActionError = outcome.actionError;
    const data = this.observationData(state, action);
    let text = outcome.text;
    let reward = 0;
    let info: I;
    const ended = state.submitted || state.turns >= maxTurns;
    if (ended) {
      state.done = true;
      const grade = gradeSource(this.store, task, this.source(state), {
        rate: flakeRate,
        seed: deriveSeed(state.seed, "flake"),
      });
      state.final = this.record(state, grade);
      reward = this.reward(structuredClone(state.final));
      info = structuredClone(state.final);
      if (!state.submitted) text = `${text}\n${budgetMessage}`;
    } else {
      info = this.record(state, null);
    }
    text = truncateOutput(text, observationBudget);
    state.lastText = text;
    const observation: Observation = data === undefined ? { text } : { text, data };
    return { observation, reward, terminated: state.submitted, truncated: ended && !state.submitted, info };
  }

  /** The info record of the current step; pass fields only when graded. */
  private record(state: S, grade: SourceGrade | null): I {
    const base = gradedInfo(state, grade, this.settings.maxTurns, this.opsUsed(state));
    return { ...base, ...this.recordExtras(state) } as I;
  }

  /** The issue text, followed by the last step's output once there is one. */
  async observe(): Promise<Observation> {
    const state = this.live();
    return issueObservation((this.task as BugFixTask).issue, state.lastText, this.settings.observationBudget);
  }

  /**
   * The verifier: `success` iff submitted and every hidden test passes; `score` the hidden
   * pass fraction if submitted, else 0; `metrics` the info record. After the episode ended
   * this is the record graded then; before, the current source is graded (not stored).
   */
  async evaluate(): Promise<Evaluation> {
    const state = this.live();
    let record = state.final;
    if (!record) {
      const grade = gradeSource(this.store, this.task as BugFixTask, this.source(state), {
        rate: this.settings.flakeRate,
        seed: deriveSeed(state.seed, "flake", "turn", state.turns),
      });
      record = this.record(state, grade);
    }
    return gradedVerdict(record);
  }

  async stateView(): Promise<JsonObject> {
    return this.definition.stateView(this.live(), this.settings.maxTurns);
  }

  stateSchema(): string {
    return this.definition.stateSchemaText;
  }

  async saveState(): Promise<Json> {
    return structuredClone(this.live()) as unknown as Json;
  }

  async restoreState(saved: Json): Promise<void> {
    this.open();
    const state = parseWith(this.definition.savedStateSchema, saved, `${this.id} saved state`, "BAD_ARGUMENT");
    const { taskSeed } = this.settings;
    if (state.taskSeed !== taskSeed) {
      throw new EnvriggerError(
        "BAD_ARGUMENT",
        `the saved ${this.id} state has taskSeed ${state.taskSeed}; this env has ${taskSeed}`,
        {
          hint: "restore into an env created with the same taskSeed",
        },
      );
    }
    this.task = this.store.task(state.taskId);
    this.state = state;
  }

  /** After a Setup replay: the turn budget and the invalid/rejected counters start again; the source stays. */
  async notifyReplayComplete(): Promise<void> {
    const state = this.live();
    state.turns = 0;
    state.invalidCalls = 0;
    state.rejectedCalls = 0;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.state = null;
    this.task = null;
    this.lease.release();
  }

  private open(): void {
    if (this.closed) throw new EnvriggerError("ENV_CLOSED", `this ${this.id} env is closed; create a new one`);
  }

  /** The running episode's state (throws before the first reset). */
  protected live(): S {
    this.open();
    if (!this.state)
      throw new EnvriggerError("EPISODE_NOT_STARTED", `no ${this.id} episode yet; call reset({ taskId, seed }) first`);
    return this.state;
  }
}
