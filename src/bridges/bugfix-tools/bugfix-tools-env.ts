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
import type { BugFixEvent } from "../bugfix/bugfix-info.js";
import type { BugFixTask } from "../bugfix/bugfix-task.js";
import type { BugFixTaskStore } from "../bugfix/bugfix-task-store.js";
import { TaskStoreLease } from "../bugfix/task-store-lease.js";
import { gradeSource, type SourceGrade } from "../bugfix/grade-source.js";
import { bugFixTaskInfos } from "../bugfix/task-catalog.js";
import { truncateOutput } from "../bugfix/truncate-output.js";
import { bugFixToolsEpisodeStateSchema, type BugFixToolsEpisodeState } from "./bugfix-tools-episode-state.js";
import type { BugFixToolsInfo } from "./bugfix-tools-info.js";
import { bugFixToolsOptionsSchema, type BugFixToolsOptions, type BugFixToolsOptionsInput } from "./bugfix-tools-options.js";
import { resolveBugFixToolsReward, type BugFixToolsRewardFunction, type BugFixToolsRewardOption } from "./bugfix-tools-reward.js";
import { bugFixToolsStateSchemaText, bugFixToolsStateView } from "./bugfix-tools-state-view.js";
import { bugFixToolsWorkspaceFiles } from "./bugfix-tools-workspace-files.js";
import type { CodingToolOutcome } from "./coding-tool-outcome.js";
import { codingTools } from "./coding-tools.js";
import { parseToolCallText } from "./parse-tool-call-text.js";
import { runCodingTool } from "./run-coding-tool.js";
import { Workspace } from "./workspace.js";

/** Options of {@link BugFixToolsEnv}: the JSON options, except that `reward` may also be a function of the info record. */
export type BugFixToolsEnvOptions = Omit<BugFixToolsOptionsInput, "reward"> & { reward?: BugFixToolsRewardOption };

/** What a {@link BugFixToolsEnv} may share with others. */
export interface BugFixToolsEnvDependencies {
  /** A task store shared between envs (same `taskSeed`); the env then does not dispose its runner. */
  store?: BugFixTaskStore;
}

const malformedMessage = 'error: malformed call; send a structured tool call, or the text {"name": TOOL, "arguments": {...}} with TOOL one of Read, Edit, Write, Grep, Glob, Bash, Submit';
const budgetMessage = "[turn budget used up: the episode is over]";


/**
 * BugFix through a deployed coding agent's general tools (`bugfix-tools`): the same 30
 * tasks, the same hidden grading, `evaluate()` and info record as BugFix, but the agent
 * works on an in-memory workspace (`README.md`, `src/<function>.js`) with Read, Edit,
 * Write, Grep, Glob, Bash (`ls`, and `npm test` / `node --test` for the public tests) and
 * Submit. Edited code runs only in the task-code sandbox.
 *
 * - Actions are structured tool calls; `parseText` also accepts one JSON line
 *   `{"name": …, "arguments": …}` (anything else is malformed: a turn spent, counted).
 * - A failed call is a result, not an exception: `observation.data.isError` is true and
 *   `info.actionError` holds the message (counted in `rejectedCalls`).
 * - `Submit` terminates (stop `submit`); running out of `maxTurns` (default 12)
 *   truncates (stop `budget`). The episode is graded once, when it ends; the reward is 0
 *   on every other step. Observations are cut to `observationBudget` characters, head and
 *   tail kept around a visible marker.
 */
export class BugFixToolsEnv implements ActionableEnv {
  readonly id = "bugfix-tools";
  private readonly options: BugFixToolsOptions;
  private readonly reward: BugFixToolsRewardFunction;
  private readonly store: BugFixTaskStore;
  private readonly lease: TaskStoreLease;
  private state: BugFixToolsEpisodeState | null = null;
  private task: BugFixTask | null = null;
  private closed = false;

  constructor(options: BugFixToolsEnvOptions = {}, dependencies: BugFixToolsEnvDependencies = {}) {
    const reward = options.reward;
    const json = typeof reward === "function" ? { ...options, reward: undefined } : options;
    this.options = parseWith(bugFixToolsOptionsSchema, json, "bugfix-tools env options", "BAD_CONFIG");
    this.reward = resolveBugFixToolsReward(typeof reward === "function" ? reward : this.options.reward);
    this.lease = new TaskStoreLease(this.options.taskSeed, dependencies.store);
    this.store = this.lease.store;
  }

  describe(): string {
    return this.id;
  }

  async tools(): Promise<ToolSpec[]> {
    this.open();
    return codingTools();
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
    const { files, sourcePath } = bugFixToolsWorkspaceFiles(task);
    this.task = task;
    this.state = {
      taskSeed: this.options.taskSeed,
      taskId: task.id,
      seed: options.seed,
      files,
      sourcePath,
      readFiles: [],
      turns: 0,
      submitted: false,
      done: false,
      invalidCalls: 0,
      rejectedCalls: 0,
      toolsUsed: [],
      testsRun: 0,
      lastTestAllPassed: null,
      lastTool: null,
      lastText: null,
      lastIsError: null,
      lastEvent: null,
      lastActionError: null,
      final: null,
    };
    return {
      observation: { text: task.issue },
      info: { taskId: task.id, split: task.split, group: task.family, functionName: task.functionName, maxTurns: this.options.maxTurns },
    };
  }

  parseText(text: string): Action | null {
    return parseToolCallText(text);
  }

  async step(input: ActionInput): Promise<StepResult> {
    const state = this.live();
    const task = this.task as BugFixTask;
    if (state.done) throw new EnvriggerError("EPISODE_OVER", "the bugfix-tools episode is over; call reset() to start another");
    state.turns += 1;
    const action = typeof input === "string" ? this.parseText(input) : isAction(input) ? input : null;
    state.lastTool = action?.name ?? null;
    let outcome: CodingToolOutcome;
    let event: BugFixEvent;
    if (action === null) {
      state.invalidCalls += 1;
      outcome = { text: malformedMessage, isError: true, activity: "look" };
      event = "malformed";
    } else {
      state.toolsUsed.push(action.name);
      const sourceBefore = state.files[state.sourcePath];
      outcome = this.run(action, state, task);
      event = this.eventOf(outcome, sourceBefore !== state.files[state.sourcePath]);
      if (outcome.isError) state.rejectedCalls += 1;
      if (outcome.activity === "submit" && !outcome.isError) state.submitted = true;
    }
    const actionError = outcome.isError ? outcome.text : null;
    state.lastEvent = event;
    state.lastActionError = actionError;
    state.lastIsError = outcome.isError;
    let text = outcome.text;
    let reward = 0;
    let info: BugFixToolsInfo;
    const ended = state.submitted || state.turns >= this.options.maxTurns;
    if (ended) {
      state.done = true;
      const grade = gradeSource(this.store, task, this.source(state), { rate: this.options.flakeRate, seed: deriveSeed(state.seed, "flake") });
      state.final = this.record(state, grade);
      reward = this.reward(structuredClone(state.final));
      info = structuredClone(state.final);
      if (!state.submitted) text = `${text}\n${budgetMessage}`;
    } else {
      info = this.record(state, null);
    }
    text = truncateOutput(text, this.options.observationBudget);
    state.lastText = text;
    const data: JsonObject = { isError: outcome.isError, tool: action?.name ?? null };
    return { observation: { text, data }, reward, terminated: state.submitted, truncated: ended && !state.submitted, info };
  }

  /** Run a structured call on the episode's workspace. */
  private run(action: Action, state: BugFixToolsEpisodeState, task: BugFixTask): CodingToolOutcome {
    return runCodingTool(action, {
      workspace: new Workspace(state.files, state.readFiles),
      runPublicTests: () => {
        const source = this.source(state);
        state.testsRun += 1;
        state.lastTestAllPassed = this.store.publicOutcomes(task, source).every((outcome) => outcome.passed);
        return this.store.publicReport(task, source);
      },
    });
  }

  /** BugFix's event label for a tool outcome (see `bugfix-tools-info.ts`). */
  private eventOf(outcome: CodingToolOutcome, sourceChanged: boolean): BugFixEvent {
    if (outcome.isError) return "rejected";
    switch (outcome.activity) {
      case "look":
        return "read";
      case "test":
        return "test";
      case "write":
        return sourceChanged ? "edit" : "no-change";
      case "submit":
        return "submit";
    }
  }

  private source(state: BugFixToolsEpisodeState): string {
    return state.files[state.sourcePath] ?? "";
  }

  /** The info record of the current step; pass fields only when graded. */
  private record(state: BugFixToolsEpisodeState, grade: SourceGrade | null): BugFixToolsInfo {
    return {
      submitted: state.submitted,
      stop: state.done ? (state.submitted ? "submit" : "budget") : null,
      publicPass: grade?.publicPass ?? null,
      hiddenPass: grade?.hiddenPass ?? null,
      publicFrac: grade?.publicFrac ?? null,
      hiddenFrac: grade?.hiddenFrac ?? null,
      turns: state.turns,
      maxTurns: this.options.maxTurns,
      invalidCalls: state.invalidCalls,
      rejectedCalls: state.rejectedCalls,
      opsUsed: [],
      event: state.lastEvent,
      actionError: state.lastActionError,
      toolsUsed: state.toolsUsed.slice(),
    };
  }

  /** The issue text, followed by the last step's output once there is one. */
  async observe(): Promise<Observation> {
    const state = this.live();
    const issue = (this.task as BugFixTask).issue;
    return { text: state.lastText === null ? issue : truncateOutput(`${issue}\n\n${state.lastText}`, this.options.observationBudget) };
  }

  /**
   * The verifier, as BugFix's: `success` iff submitted and every hidden test passes;
   * `score` the hidden pass fraction if submitted, else 0; `metrics` the info record.
   * After the episode ended this is the record graded then; before, the current source
   * is graded (not stored).
   */
  async evaluate(): Promise<Evaluation> {
    const state = this.live();
    let record = state.final;
    if (!record) {
      const grade = gradeSource(this.store, this.task as BugFixTask, this.source(state), {
        rate: this.options.flakeRate,
        seed: deriveSeed(state.seed, "flake", "turn", state.turns),
      });
      record = this.record(state, grade);
    }
    const metrics: JsonObject = structuredClone(record);
    return { success: record.submitted && record.hiddenPass === true, score: record.submitted ? (record.hiddenFrac ?? 0) : 0, metrics };
  }

  async stateView(): Promise<JsonObject> {
    return bugFixToolsStateView(this.live(), this.options.maxTurns);
  }

  stateSchema(): string {
    return bugFixToolsStateSchemaText;
  }

  async saveState(): Promise<Json> {
    return structuredClone(this.live()) as unknown as Json;
  }

  async restoreState(saved: Json): Promise<void> {
    this.open();
    const state = parseWith(bugFixToolsEpisodeStateSchema, saved, "bugfix-tools saved state", "BAD_ARGUMENT");
    if (state.taskSeed !== this.options.taskSeed) {
      throw new EnvriggerError("BAD_ARGUMENT", `the saved bugfix-tools state has taskSeed ${state.taskSeed}; this env has ${this.options.taskSeed}`, {
        hint: "restore into an env created with the same taskSeed",
      });
    }
    this.task = this.store.task(state.taskId);
    this.state = state;
  }

  /** After a Setup replay: the turn budget and the invalid/rejected counters start again; files and reads stay. */
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
    if (this.closed) throw new EnvriggerError("ENV_CLOSED", "this bugfix-tools env is closed; create a new one");
  }

  private live(): BugFixToolsEpisodeState {
    this.open();
    if (!this.state) throw new EnvriggerError("EPISODE_NOT_STARTED", "no bugfix-tools episode yet; call reset({ taskId, seed }) first");
    return this.state;
  }
}
