import { isTestPath } from "../tasks/test-paths.js";
import type { RepoEpisodeState } from "./repo-episode-state.js";
import type { RepoEpisodeContext, RepoGrade } from "./repo-episode-tests.js";
import type { RepoInfo } from "./repo-info.js";
import { changedPaths } from "./sync-workspace.js";

/** A step's info record: the episode's counters and, once it is graded, its grade. */
export function repoInfoOf(
  context: RepoEpisodeContext,
  state: RepoEpisodeState,
  grade: RepoGrade | null,
  maxTurns: number,
): RepoInfo {
  const edited = changedPaths(context.start, state.files);
  return {
    submitted: state.submitted,
    stop: state.done ? (state.submitted ? "submit" : "budget") : null,
    publicPass: grade?.publicPass ?? null,
    hiddenPass: grade?.hiddenPass ?? null,
    publicFrac: grade?.publicFrac ?? null,
    hiddenFrac: grade?.hiddenFrac ?? null,
    turns: state.turns,
    maxTurns,
    invalidCalls: state.invalidCalls,
    rejectedCalls: state.rejectedCalls,
    opsUsed: [],
    event: state.lastEvent,
    actionError: state.lastActionError,
    toolsUsed: state.toolsUsed.slice(),
    testsRun: state.testsRun,
    editedFiles: edited,
    testFilesEdited: edited.some(isTestPath),
    hiddenStop: grade?.hiddenStop ?? null,
    taskSource: context.task.source,
  };
}
