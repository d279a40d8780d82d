import type { Action } from "../../core/action.js";
import type { ToolSpec } from "../../core/tool-spec.js";
import { applyEditOp } from "./apply-edit-op.js";
import { bugFixEpisodeStateSchema, type BugFixEpisodeState } from "./bugfix-episode-state.js";
import type { BugFixEvent, BugFixInfo } from "./bugfix-info.js";
import { bugFixOptionsSchema, type BugFixOptionsInput } from "./bugfix-options.js";
import { resolveBugFixReward, type BugFixRewardOption } from "./bugfix-reward.js";
import type { BugFixTask } from "./bugfix-task.js";
import type { BugFixTaskStore } from "./bugfix-task-store.js";
import { bugFixStateSchemaText, bugFixStateView } from "./bugfix-state-view.js";
import { bugFixTools } from "./bugfix-tools.js";
import { parseBugFixText } from "./call-grammar.js";
import { projectionLabel } from "./compact-projection.js";
import type { EditOpName } from "./edit-op-name.js";
import {
  GradedTaskEnv,
  type GradedTaskEnvDefinition,
  type GradedEpisodeStart,
  type GradedStepOutcome,
} from "./graded-task-env.js";
import { resolveCall, type BugFixCall } from "./resolve-call.js";

/** Options of {@link BugFixEnv}: the JSON options, except that `reward` may also be a function of the info record. */
export type BugFixEnvOptions = Omit<BugFixOptionsInput, "reward"> & { reward?: BugFixRewardOption };

/** What a {@link BugFixEnv} may share with others. */
export interface BugFixEnvDependencies {
  /** A task store shared between envs (same `taskSeed`); the env then does not dispose its runner. */
  store?: BugFixTaskStore;
}

/** What BugFix adds to the graded episode lifecycle. */
const bugFixDefinition: GradedTaskEnvDefinition<BugFixEpisodeState, BugFixInfo> = {
  optionsLabel: "bugfix env options",
  optionsSchema: bugFixOptionsSchema,
  resolveReward: resolveBugFixReward,
  savedStateSchema: bugFixEpisodeStateSchema,
  stateView: bugFixStateView,
  stateSchemaText: bugFixStateSchemaText,
  malformedMessage: "error: malformed call; write <call> TOOL [ARG] </call> with TOOL one of read, test, edit, submit",
};

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
export class BugFixEnv extends GradedTaskEnv<BugFixEpisodeState, BugFixInfo> {
  readonly id = "bugfix";

  constructor(options: BugFixEnvOptions = {}, dependencies: BugFixEnvDependencies = {}) {
    super(bugFixDefinition, options, dependencies.store);
  }

  parseText(text: string): Action | null {
    return parseBugFixText(text);
  }

  protected toolList(): ToolSpec[] {
    return bugFixTools();
  }

  protected startState(task: BugFixTask, start: GradedEpisodeStart): BugFixEpisodeState {
    return { ...start, source: task.buggySource, opsUsed: [], final: null };
  }

  protected source(state: BugFixEpisodeState): string {
    return state.source;
  }

  protected override opsUsed(state: BugFixEpisodeState): EditOpName[] {
    return state.opsUsed.slice();
  }

  protected recordExtras(): Omit<BugFixInfo, keyof BugFixInfo> {
    return {};
  }

  protected act(action: Action, state: BugFixEpisodeState, task: BugFixTask): GradedStepOutcome {
    const call = resolveCall(action);
    if ("rejected" in call) {
      state.rejectedCalls += 1;
      return { text: call.rejected, event: "rejected", actionError: call.rejected };
    }
    const [text, event] = this.run(call, state, task);
    return { text, event, actionError: null };
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
}
