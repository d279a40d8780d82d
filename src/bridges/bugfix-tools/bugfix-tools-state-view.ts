import type { JsonObject } from "../../core/json.js";
import type { BugFixToolsEpisodeState } from "./bugfix-tools-episode-state.js";

/** The description of {@link bugFixToolsStateView}'s fields that designers are shown. */
export const bugFixToolsStateSchemaText = [
  "turn: number — turns taken so far (every call counts, malformed and failed ones too)",
  "maxTurns: number — the turn budget; the episode is truncated when turn reaches it",
  "submitted: boolean — the agent called Submit (the episode is over)",
  "done: boolean — the episode is over (submitted or out of turns)",
  "toolsUsed: string[] — every tool called, in order (Read, Edit, Write, Grep, Glob, Bash, Submit, or an unknown name)",
  "testsRun: number — how many times the public tests were run with the test command",
  "lastTestAllPassed: boolean | null — whether the last test run passed every public test (null before any)",
  "invalidCalls: number — texts that were not a JSON tool call",
  "rejectedCalls: number — calls whose result was an error (unknown tool, bad arguments, failed Edit, refused command)",
  "lastTool: string | null — the tool named by the last call (null before any, or when it was malformed)",
  "lastIsError: boolean | null — whether the last call's result was an error (null before any)",
  "files: string[] — the workspace file paths, sorted",
  "readFiles: string[] — files Read (or written) in this episode; Edit refuses the others",
  "sourcePath: string — the file holding the function being fixed (the graded one)",
  "source: string — the current content of that file",
].join("\n");

/**
 * The read-only view of a `bugfix-tools` episode that harness hooks may read: a fresh
 * plain-JSON object with no hidden-test data (the workspace never holds any).
 */
export function bugFixToolsStateView(state: BugFixToolsEpisodeState, maxTurns: number): JsonObject {
  return {
    ...codingEpisodeCounters(state, maxTurns),
    files: Object.keys(state.files).sort(),
    readFiles: state.readFiles.slice(),
    sourcePath: state.sourcePath,
    source: state.files[state.sourcePath] ?? "",
  };
}

/** The counters of a coding-tools episode, as its state view shows them (shared by the envs with these tools). */
export interface CodingEpisodeCounters {
  turns: number;
  submitted: boolean;
  done: boolean;
  toolsUsed: string[];
  testsRun: number;
  lastTestAllPassed: boolean | null;
  invalidCalls: number;
  rejectedCalls: number;
  lastTool: string | null;
  lastIsError: boolean | null;
}

/** The state view's counter fields (`turn` … `lastIsError`, in the schema text's order). */
export function codingEpisodeCounters(state: CodingEpisodeCounters, maxTurns: number): JsonObject {
  return {
    turn: state.turns,
    maxTurns,
    submitted: state.submitted,
    done: state.done,
    toolsUsed: state.toolsUsed.slice(),
    testsRun: state.testsRun,
    lastTestAllPassed: state.lastTestAllPassed,
    invalidCalls: state.invalidCalls,
    rejectedCalls: state.rejectedCalls,
    lastTool: state.lastTool,
    lastIsError: state.lastIsError,
  };
}
