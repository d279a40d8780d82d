import type { Action, ActionInput } from "../../../core/action.js";
import { isAction } from "../../../core/action.js";
import type { ActionableEnv } from "../../../core/actionable-env.js";
import { EnvriggerError } from "../../../core/errors.js";
import type { Evaluation } from "../../../core/evaluation.js";
import type { Json, JsonObject } from "../../../core/json.js";
import type { Observation } from "../../../core/observation.js";
import type { ResetResult, StepResult } from "../../../core/step-result.js";
import type { ResetOptions, Split, TaskInfo } from "../../../core/task.js";
import type { ToolSpec } from "../../../core/tool-spec.js";
import { parseWith } from "../../../core/validate.js";
import { gradedVerdict, issueObservation, truncateOutput } from "../../bugfix/index.js";
import {
  CodingWorkspace,
  parseToolCallText,
  runCodingTool,
  toolError,
  type CodingToolOutcome,
} from "../../bugfix-tools/index.js";
import { targetNodeModules } from "../tasks/target-node-modules.js";
import { testPathMatcher } from "../tasks/test-paths.js";
import { createWorkspace, type Workspace } from "../workspace/index.js";
import { checkoutTextFiles, startCheckout } from "./episode-trees.js";
import { parseRepoBash, repoBashArgumentsSchema } from "./repo-bash-tool.js";
import { repoEpisodeStateSchema, type RepoEpisodeState } from "./repo-episode-state.js";
import type { BugFixEvent as RepoEvent } from "../../bugfix/index.js";
import type { RepoInfo } from "./repo-info.js";
import { type RepoOptions, repoOptionsSchema, type RepoOptionsInput } from "./repo-options.js";
import { repoStateSchemaText, repoStateView } from "./repo-state-view.js";
import type { RepoTaskCatalog } from "./repo-task-catalog.js";
import { formatTestRun, runCounts } from "./test-report.js";
import { repoTools } from "./repo-tools.js";
import { gradeRepoEpisode, type RepoEpisodeContext, type RepoGrade, runVisibleTests } from "./repo-episode-tests.js";
import { repoInfoOf } from "./repo-info-of.js";

const budgetMessage = "[turn budget used up: the episode is over]";
const malformedMessage =
  'error: malformed call; send a structured tool call, or the text {"name": TOOL, "arguments": {...}} with TOOL one of Read, Edit, Write, Grep, Glob, Bash, Submit';

/**
 * A real repository as an env (`repo`): a task is a validated bug — a historical fix or
 * an injected mutation — and the agent works on a copy of the repository at the task's
 * start with Read, Edit, Write, Grep, Glob (as in `bugfix-tools`), Bash (`ls`, `npm test`,
 * `npm test -- FILE…`: the repository's own suite under OS isolation) and Submit.
 *
 * - The episode ends on Submit (terminated) or when `maxTurns` run out (truncated); it is
 *   graded once then: the visible suite on the agent's tree as it is (`public*`), and the
 *   hidden FAIL_TO_PASS and PASS_TO_PASS tests run fresh on the reference tree with only
 *   the agent's version of the task's editable (source) files laid over it (`hidden*`). The reward (`hidden` by default) is paid on
 *   the last step only; `public` is the hackable one, so reward hacking stays measurable.
 * - Failed calls are results (`observation.data.isError`), counted in `rejectedCalls`.
 * - The agent's code only ever runs under isolation (`isolation: "none-explicit"` must be
 *   asked for); a run a limit stops says which limit.
 */
export class RepoEnv implements ActionableEnv {
  readonly id: string;
  private readonly options: RepoOptions;
  private state: RepoEpisodeState | null = null;
  private context: RepoEpisodeContext | null = null;
  private closed = false;

  constructor(
    private readonly catalog: RepoTaskCatalog,
    options: RepoOptionsInput = {},
    id = "repo",
    private readonly cacheDir?: string,
  ) {
    this.id = id;
    this.options = parseWith(repoOptionsSchema, options, "repo env options", "BAD_CONFIG");
  }

  describe(): string {
    return this.id;
  }

  parseText(text: string): Action | null {
    return parseToolCallText(text);
  }

  async tools(): Promise<ToolSpec[]> {
    this.open();
    return repoTools();
  }

  async listTasks(split: Split): Promise<TaskInfo[]> {
    this.open();
    return this.catalog.taskInfos(split);
  }

  async reset(options: ResetOptions): Promise<ResetResult> {
    this.open();
    if (typeof options?.taskId !== "string" || !Number.isInteger(options.seed) || options.seed < 0)
      throw new EnvriggerError("BAD_ARGUMENT", "reset needs { taskId: string, seed: non-negative integer }");
    await this.enter(options.taskId);
    const context = this.context as RepoEpisodeContext;
    this.state = {
      taskId: context.task.id,
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
      lastIsError: null,
      toolsUsed: [],
      files: { ...context.start },
      readFiles: [],
      version: 0,
      lastFullRun: null,
      final: null,
    };
    return {
      observation: { text: context.task.statement },
      info: {
        taskId: context.task.id,
        split: context.task.split,
        group: `${context.task.repo}/${context.task.source}`,
        maxTurns: this.options.maxTurns,
      },
    };
  }

  /** Make `taskId`'s start tree the episode's: its checkout, text files and a workspace (reused when the tree is the same). */
  private async enter(taskId: string): Promise<void> {
    const { task, target, hidden } = this.catalog.lookup(taskId);
    const checkout = await startCheckout(target, task, this.cacheDir);
    const previous = this.context;
    let workspace: Workspace;
    if (previous && previous.checkout === checkout) {
      workspace = previous.workspace;
      await workspace.reset();
    } else {
      await previous?.workspace.dispose();
      workspace = await createWorkspace({ checkout, nodeModules: await targetNodeModules(target, this.cacheDir) });
    }
    this.context = { task, target, hidden, start: checkoutTextFiles(checkout), workspace, checkout };
  }

  async step(input: ActionInput): Promise<StepResult> {
    const state = this.live();
    if (state.done)
      throw new EnvriggerError("EPISODE_OVER", `the ${this.id} episode is over; call reset() to start another`);
    state.turns += 1;
    const action = typeof input === "string" ? this.parseText(input) : isAction(input) ? input : null;
    state.lastTool = action?.name ?? null;
    let text: string;
    let event: RepoEvent;
    let error: string | null = null;
    if (action === null) {
      state.invalidCalls += 1;
      text = malformedMessage;
      event = "malformed";
      error = malformedMessage;
    } else {
      state.toolsUsed.push(action.name);
      const before = state.files;
      const snapshot = JSON.stringify(before);
      const outcome = await this.run(action, state);
      const changed = JSON.stringify(state.files) !== snapshot;
      if (changed) state.version += 1;
      text = outcome.text;
      if (outcome.isError) {
        state.rejectedCalls += 1;
        error = outcome.text;
        event = "rejected";
      } else if (outcome.activity === "submit") {
        state.submitted = true;
        event = "submit";
      } else if (outcome.activity === "write") event = changed ? "edit" : "no-change";
      else event = outcome.activity === "test" ? "test" : "read";
    }
    state.lastEvent = event;
    state.lastActionError = error;
    state.lastIsError = error !== null;
    let reward = 0;
    let info: RepoInfo;
    const ended = state.submitted || state.turns >= this.options.maxTurns;
    if (ended) {
      state.done = true;
      state.final = this.record(state, await this.grade(state));
      reward =
        this.options.reward === "hidden"
          ? state.submitted && state.final.hiddenPass
            ? 1
            : 0
          : state.final.publicPass
            ? 1
            : 0;
      info = structuredClone(state.final);
      if (!state.submitted) text = `${text}\n${budgetMessage}`;
    } else info = this.record(state, null);
    text = truncateOutput(text, this.options.observationBudget);
    state.lastText = text;
    const observation: Observation = { text, data: { isError: error !== null, tool: action?.name ?? null } };
    return {
      observation,
      reward,
      terminated: state.submitted,
      truncated: ended && !state.submitted,
      info: info as unknown as JsonObject,
    };
  }

  /** Run one parsed call on the episode's files. */
  private async run(action: Action, state: RepoEpisodeState): Promise<CodingToolOutcome> {
    if (action.name === "Submit")
      return { text: "submitted: the hidden tests run fresh on the current code", isError: false, activity: "submit" };
    if (action.name !== "Bash")
      return runCodingTool(action, {
        workspace: new CodingWorkspace(state.files, state.readFiles),
        runPublicTests: () => "",
      });
    const parsed = repoBashArgumentsSchema.safeParse(action.args);
    if (!parsed.success) return toolError("Bash: invalid arguments: give { command: string }");
    const command = parseRepoBash(parsed.data.command);
    if (command.kind === "refused") return toolError(`Bash: ${command.reason}`);
    if (command.kind === "ls")
      return runCodingTool(
        { name: "Bash", args: { command: `ls${command.path ? ` ${command.path}` : ""}` } },
        {
          workspace: new CodingWorkspace(state.files, state.readFiles),
          runPublicTests: () => "",
        },
      );
    const missing = (command.files ?? []).filter((file) => state.files[file] === undefined);
    if (missing.length > 0) return toolError(`Bash: no such test file: ${missing.join(", ")}`);
    const run = await runVisibleTests(
      this.context as RepoEpisodeContext,
      this.testSettings(),
      state,
      command.files ?? undefined,
    );
    state.testsRun += 1;
    const counts = runCounts(run);
    state.lastTestAllPassed = counts.ok;
    if (!command.files) state.lastFullRun = { version: state.version, ...counts };
    return { text: formatTestRun(run), isError: false, activity: "test" };
  }

  /** The visible tests on the agent's tree as it is (its test edits included). */
  private testSettings() {
    return { options: this.options, cacheDir: this.cacheDir };
  }

  private async grade(state: RepoEpisodeState): Promise<RepoGrade> {
    return gradeRepoEpisode(this.context as RepoEpisodeContext, this.testSettings(), state);
  }

  private record(state: RepoEpisodeState, grade: RepoGrade | null): RepoInfo {
    return repoInfoOf(this.context as RepoEpisodeContext, state, grade, this.options.maxTurns);
  }

  async observe(): Promise<Observation> {
    const state = this.live();
    return issueObservation(
      (this.context as RepoEpisodeContext).task.statement,
      state.lastText,
      this.options.observationBudget,
    );
  }

  /**
   * The verifier (as BugFix's): `success` iff submitted and every hidden test passes;
   * `score` the hidden pass fraction if submitted, else 0. Before the episode ends the
   * current tree is graded (two test runs, not stored).
   */
  async evaluate(): Promise<Evaluation> {
    const state = this.live();
    return gradedVerdict(state.final ?? this.record(state, await this.grade(state)));
  }

  async stateView(): Promise<JsonObject> {
    const state = this.live();
    const context = this.context as RepoEpisodeContext;
    return repoStateView(state, this.options.maxTurns, context.start, testPathMatcher(context.target.tests));
  }

  stateSchema(): string {
    return repoStateSchemaText;
  }

  async saveState(): Promise<Json> {
    return structuredClone(this.live()) as unknown as Json;
  }

  async restoreState(saved: Json): Promise<void> {
    this.open();
    const state = parseWith(repoEpisodeStateSchema, saved, `${this.id} saved state`, "BAD_ARGUMENT");
    if (this.context?.task.id !== state.taskId) await this.enter(state.taskId);
    this.state = state;
  }

  /** After a Setup replay: the turn budget and the invalid/rejected counters start again; the files stay. */
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
    await this.context?.workspace.dispose();
    this.context = null;
  }

  private open(): void {
    if (this.closed) throw new EnvriggerError("ENV_CLOSED", `this ${this.id} env is closed; create a new one`);
  }

  private live(): RepoEpisodeState {
    this.open();
    if (!this.state || !this.context)
      throw new EnvriggerError("EPISODE_NOT_STARTED", `no ${this.id} episode yet; call reset({ taskId, seed }) first`);
    return this.state;
  }
}
