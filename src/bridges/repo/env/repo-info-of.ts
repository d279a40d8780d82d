import { gradedInfo } from "../../bugfix/index.js";
import { testPathMatcher } from "../tasks/test-paths.js";
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
    ...gradedInfo(state, grade, maxTurns, []),
    toolsUsed: state.toolsUsed.slice(),
    testsRun: state.testsRun,
    editedFiles: edited,
    testFilesEdited: edited.some(testPathMatcher(context.target.tests)),
    hiddenStop: grade?.hiddenStop ?? null,
    taskSource: context.task.source,
  };
}
