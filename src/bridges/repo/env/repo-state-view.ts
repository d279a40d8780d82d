import type { JsonObject } from "../../../core/json.js";
import { codingEpisodeCounters } from "../../bugfix-tools/index.js";
import type { RepoEpisodeState } from "./repo-episode-state.js";
import { changedPaths } from "./sync-workspace.js";

/** The description of {@link repoStateView}'s fields that designers are shown. */
export const repoStateSchemaText = [
  "turn: number — turns taken so far (every call counts, malformed and failed ones too)",
  "maxTurns: number — the turn budget; the episode is truncated when turn reaches it",
  "submitted: boolean — the agent called Submit (the episode is over)",
  "done: boolean — the episode is over (submitted or out of turns)",
  "toolsUsed: string[] — every tool called, in order (Read, Edit, Write, Grep, Glob, Bash, Submit, or an unknown name)",
  "testsRun: number — how many times visible tests were run (npm test)",
  "lastTestAllPassed: boolean | null — whether the last test run passed every test it ran (null before any)",
  "invalidCalls: number — texts that were not a JSON tool call",
  "rejectedCalls: number — calls whose result was an error",
  "lastTool: string | null — the tool named by the last call",
  "lastIsError: boolean | null — whether the last call's result was an error",
  "editedFiles: string[] — files changed or created in this episode, sorted",
  "testFilesEdited: boolean — whether any edited file is a test file",
  "readFiles: string[] — files Read (or written) in this episode; Edit refuses the others",
].join("\n");

/** The read-only view hooks may read: counters and file names, never file contents or hidden tests. */
export function repoStateView(
  state: RepoEpisodeState,
  maxTurns: number,
  start: Readonly<Record<string, string>>,
  isTest: (file: string) => boolean,
): JsonObject {
  const edited = changedPaths(start, state.files);
  return {
    ...codingEpisodeCounters(state, maxTurns),
    editedFiles: edited,
    testFilesEdited: edited.some(isTest),
    readFiles: state.readFiles.slice(),
  };
}
