import type { Action } from "../../core/action.js";
import type { JsonObject } from "../../core/json.js";
import type { ToolSpec } from "../../core/tool-spec.js";
import type { BugFixEvent } from "../bugfix/bugfix-info.js";
import type { BugFixTask } from "../bugfix/bugfix-task.js";
import type { BugFixTaskStore } from "../bugfix/bugfix-task-store.js";
import {
  GradedTaskEnv,
  type GradedTaskEnvDefinition,
  type GradedEpisodeStart,
  type GradedStepOutcome,
} from "../bugfix/graded-task-env.js";
import { bugFixToolsEpisodeStateSchema, type BugFixToolsEpisodeState } from "./bugfix-tools-episode-state.js";
import type { BugFixToolsInfo } from "./bugfix-tools-info.js";
import { bugFixToolsOptionsSchema, type BugFixToolsOptionsInput } from "./bugfix-tools-options.js";
import { resolveBugFixToolsReward, type BugFixToolsRewardOption } from "./bugfix-tools-reward.js";
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

/** What BugFix through coding tools adds to the graded episode lifecycle. */
const bugFixToolsDefinition: GradedTaskEnvDefinition<BugFixToolsEpisodeState, BugFixToolsInfo> = {
  optionsLabel: "bugfix-tools env options",
  optionsSchema: bugFixToolsOptionsSchema,
  resolveReward: resolveBugFixToolsReward,
  savedStateSchema: bugFixToolsEpisodeStateSchema,
  stateView: bugFixToolsStateView,
  stateSchemaText: bugFixToolsStateSchemaText,
  malformedMessage:
    'error: malformed call; send a structured tool call, or the text {"name": TOOL, "arguments": {...}} with TOOL one of Read, Edit, Write, Grep, Glob, Bash, Submit',
};

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
export class BugFixToolsEnv extends GradedTaskEnv<BugFixToolsEpisodeState, BugFixToolsInfo> {
  readonly id = "bugfix-tools";

  constructor(options: BugFixToolsEnvOptions = {}, dependencies: BugFixToolsEnvDependencies = {}) {
    super(bugFixToolsDefinition, options, dependencies.store);
  }

  parseText(text: string): Action | null {
    return parseToolCallText(text);
  }

  protected toolList(): ToolSpec[] {
    return codingTools();
  }

  protected startState(task: BugFixTask, start: GradedEpisodeStart): BugFixToolsEpisodeState {
    const { files, sourcePath } = bugFixToolsWorkspaceFiles(task);
    return { ...start, files, sourcePath, readFiles: [], toolsUsed: [], lastIsError: null, final: null };
  }

  protected source(state: BugFixToolsEpisodeState): string {
    return state.files[state.sourcePath] ?? "";
  }

  protected recordExtras(state: BugFixToolsEpisodeState): Pick<BugFixToolsInfo, "toolsUsed"> {
    return { toolsUsed: state.toolsUsed.slice() };
  }

  /** `isError` and the tool name of every step; the step's error flag is kept for the state view. */
  protected override observationData(state: BugFixToolsEpisodeState, action: Action | null): JsonObject {
    state.lastIsError = state.lastActionError !== null;
    return { isError: state.lastIsError, tool: action?.name ?? null };
  }

  protected act(action: Action, state: BugFixToolsEpisodeState, task: BugFixTask): GradedStepOutcome {
    state.toolsUsed.push(action.name);
    const sourceBefore = state.files[state.sourcePath];
    const outcome = this.run(action, state, task);
    const event = this.eventOf(outcome, sourceBefore !== state.files[state.sourcePath]);
    if (outcome.isError) state.rejectedCalls += 1;
    if (outcome.activity === "submit" && !outcome.isError) state.submitted = true;
    return { text: outcome.text, event, actionError: outcome.isError ? outcome.text : null };
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
}
