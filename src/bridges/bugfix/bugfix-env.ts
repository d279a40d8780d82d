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
import { applyEditOp } from "./apply-edit-op.js";
import { bugFixEpisodeStateSchema, type BugFixEpisodeState } from "./bugfix-episode-state.js";
import type { BugFixEvent, BugFixInfo } from "./bugfix-info.js";
import { bugFixOptionsSchema, type BugFixOptions, type BugFixOptionsInput } from "./bugfix-options.js";
import { resolveBugFixReward, type BugFixRewardFunction, type BugFixRewardOption } from "./bugfix-reward.js";
import type { BugFixTask } from "./bugfix-task.js";
import type { BugFixTaskStore } from "./bugfix-task-store.js";
import { TaskStoreLease } from "./task-store-lease.js";
import { bugFixStateSchemaText, bugFixStateView } from "./bugfix-state-view.js";
import { bugFixTools } from "./bugfix-tools.js";
import { parseBugFixText } from "./call-grammar.js";
import { projectionLabel } from "./compact-projection.js";
import { gradeSource, type SourceGrade } from "./grade-source.js";
import { resolveCall, type BugFixCall } from "./resolve-call.js";
import { bugFixTaskInfos } from "./task-catalog.js";
import { truncateOutput } from "./truncate-output.js";

/** Options of {@link BugFixEnv}: the JSON options, except that `reward` may also be a function of the info record. */
export type BugFixEnvOptions = Omit<BugFixOptionsInput, "reward"> & { reward?: BugFixRewardOption };

/** What a {@link BugFixEnv} may share with others. */
export interface BugFixEnvDependencies {
  /** A task store shared between envs (same `taskSeed`); the env then does not dispose its runner. */
  store?: BugFixTaskStore;
}

const malformedMessage = "error: malformed call; write <call> TOOL [ARG] </call> with TOOL one of read, test, edit, submit";
const budgetMessage = "[turn budget used up: the episode is over]";


/**
 * The BugFix gym: fix a small buggy function with four tools (read, test, edit OP, submit)
 * in the text grammar `<call> TOOL [ARG] </call>` or as structured actions.
 *
 * - Every step costs a turn, malformed texts (`invalidCalls`) and rejected calls
 *   (`rejectedCalls`) included. `submit` terminates (stop `submit`); running out of
 *   `maxTurns` truncates (stop `budget`).
 * - The episode is graded once, when it ends, on the source as it is then (public and
 *   hidden tests, submitted or not). `info` on earlier steps carries `null` pass fields, so
 *   no observation, info or state view reveals anything about the hidden tests mid-episode.
 * - The reward is 0 on every step but the last, where it is the reward function of the
 *   final info record (`hidden` by default).
 */
export class BugFixEnv implements ActionableEnv {
  readonly id = "bugfix";
  private readonly options: BugFixOptions;
  private readonly reward: BugFixRewardFunction;
  private readonly store: BugFixTaskStore;
  private readonly lease: TaskStoreLease;
  private state: BugFixEpisodeState | null = null;
  private task: BugFixTask | null = null;
  private closed = false;

  constructor(options: BugFixEnvOptions = {}, dependencies: BugFixEnvDependencies = {}) {
    const reward = options.reward;
    const json = typeof reward === "function" ? { ...options, reward: undefined } : options;
    this.options = parseWith(bugFixOptionsSchema, json, "bugfix env options", "BAD_CONFIG");
    this.reward = resolveBugFixReward(typeof reward === "function" ? reward : this.options.reward);
    this.lease = new TaskStoreLease(this.options.taskSeed, dependencies.store);
    this.store = this.lease.store;
  }

  describe(): string {
    return this.id;
  }

  async tools(): Promise<ToolSpec[]> {
    this.open();
    return bugFixTools();
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
    this.task = task;
    this.state = {
      taskSeed: this.options.taskSeed,
      taskId: task.id,
      seed: options.seed,
      source: task.buggySource,
      turns: 0,
      submitted: false,
      done: false,
      invalidCalls: 0,
      rejectedCalls: 0,
      opsUsed: [],
      testsRun: 0,
      lastTestAllPassed: null,
      lastTool: null,
      lastText: null,
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
    return parseBugFixText(text);
  }

  async step(input: ActionInput): Promise<StepResult> {
    const state = this.live();
    const task = this.task as BugFixTask;
    if (state.done) throw new EnvriggerError("EPISODE_OVER", "the bugfix episode is over; call reset() to start another");
    state.turns += 1;
    const action = typeof input === "string" ? this.parseText(input) : isAction(input) ? input : null;
    let text: string;
    let event: BugFixEvent;
    let actionError: string | null = null;
    state.lastTool = action?.name ?? null;
    if (action === null) {
      state.invalidCalls += 1;
      event = "malformed";
      text = actionError = malformedMessage;
    } else {
      const call = resolveCall(action);
      if ("rejected" in call) {
        state.rejectedCalls += 1;
        event = "rejected";
        text = actionError = call.rejected;
      } else {
        [text, event] = this.run(call, state, task);
      }
    }
    state.lastEvent = event;
    state.lastActionError = actionError;
    let reward = 0;
    let info: BugFixInfo;
    const ended = state.submitted || state.turns >= this.options.maxTurns;
    if (ended) {
      state.done = true;
      const grade = gradeSource(this.store, task, state.source, { rate: this.options.flakeRate, seed: deriveSeed(state.seed, "flake") });
      state.final = this.record(state, event, actionError, grade);
      reward = this.reward(structuredClone(state.final));
      info = { ...state.final, opsUsed: state.final.opsUsed.slice() };
      if (!state.submitted) text = `${text}\n${budgetMessage}`;
    } else {
      info = this.record(state, event, actionError, null);
    }
    text = truncateOutput(text, this.options.observationBudget);
    state.lastText = text;
    return { observation: { text }, reward, terminated: state.submitted, truncated: ended && !state.submitted, info };
  }

  /** Run an accepted call; returns the observation text and the event label. */
  private run(call: BugFixCall, state: BugFixEpisodeState, task: BugFixTask): [string, BugFixEvent] {
    switch (call.tool) {
      case "read":
        return [`${projectionLabel}\n${this.store.projection(task, state.source)}`, "read"];
      case "test": {
        state.testsRun += 1;
        state.lastTestAllPassed = this.store.publicOutcomes(task, state.source).every((outcome) => outcome.passed);
        return [this.store.publicReport(task, state.source), "test"];
      }
      case "edit": {
        state.opsUsed.push(call.op);
        const edited = applyEditOp(call.op, state.source, task.publicTests);
        if (edited === state.source) return [`no change: ${call.op} found nothing to edit`, "no-change"];
        state.source = edited;
        return [`edited: applied ${call.op}`, "edit"];
      }
      case "submit":
        state.submitted = true;
        return ["submitted: the hidden tests grade the current source", "submit"];
    }
  }

  /** The info record of the current step; pass fields only when graded. */
  private record(state: BugFixEpisodeState, event: BugFixEvent | null, actionError: string | null, grade: SourceGrade | null): BugFixInfo {
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
      opsUsed: state.opsUsed.slice(),
      event,
      actionError,
    };
  }

  /** The issue text, followed by the last step's output once there is one. */
  async observe(): Promise<Observation> {
    const state = this.live();
    const issue = (this.task as BugFixTask).issue;
    return { text: state.lastText === null ? issue : truncateOutput(`${issue}\n\n${state.lastText}`, this.options.observationBudget) };
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
      const grade = gradeSource(this.store, this.task as BugFixTask, state.source, {
        rate: this.options.flakeRate,
        seed: deriveSeed(state.seed, "flake", "turn", state.turns),
      });
      record = this.record(state, state.lastEvent, state.lastActionError, grade);
    }
    const metrics: JsonObject = { ...record, opsUsed: record.opsUsed.slice() };
    return { success: record.submitted && record.hiddenPass === true, score: record.submitted ? (record.hiddenFrac ?? 0) : 0, metrics };
  }

  async stateView(): Promise<JsonObject> {
    return bugFixStateView(this.live(), this.options.maxTurns);
  }

  stateSchema(): string {
    return bugFixStateSchemaText;
  }

  async saveState(): Promise<Json> {
    return structuredClone(this.live()) as unknown as Json;
  }

  async restoreState(saved: Json): Promise<void> {
    this.open();
    const state = parseWith(bugFixEpisodeStateSchema, saved, "bugfix saved state", "BAD_ARGUMENT");
    if (state.taskSeed !== this.options.taskSeed) {
      throw new EnvriggerError("BAD_ARGUMENT", `the saved bugfix state has taskSeed ${state.taskSeed}; this env has ${this.options.taskSeed}`, {
        hint: "restore into an env created with the same taskSeed",
      });
    }
    this.task = this.store.task(state.taskId);
    this.state = state;
  }

  /** After a Setup replay: the turn budget and the invalid/rejected counters start again; source and ops stay. */
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
    if (this.closed) throw new EnvriggerError("ENV_CLOSED", "this bugfix env is closed; create a new one");
  }

  private live(): BugFixEpisodeState {
    this.open();
    if (!this.state) throw new EnvriggerError("EPISODE_NOT_STARTED", "no bugfix episode yet; call reset({ taskId, seed }) first");
    return this.state;
  }
}
