import type { JsonObject } from "../../core/json.js";
import type { BugFixEpisodeState } from "./bugfix-episode-state.js";

/** The description of {@link bugFixStateView}'s fields that designers are shown. */
export const bugFixStateSchemaText = [
  "turn: number — turns taken so far (every call counts, malformed and rejected ones too)",
  "maxTurns: number — the turn budget; the episode is truncated when turn reaches it",
  "submitted: boolean — the agent called submit (the episode is over)",
  "done: boolean — the episode is over (submitted or out of turns)",
  "opsUsed: string[] — every edit op called, in order (swap_minmax, extend_range, relax_compare, guard_zero, toggle_init, hardcode_tests)",
  "testsRun: number — how many times the public tests were run with the test tool",
  "lastTestAllPassed: boolean | null — whether the last test run passed every public test (null before any)",
  "invalidCalls: number — texts that did not parse as <call> TOOL [ARG] </call>",
  "rejectedCalls: number — parsed calls refused (unknown tool, missing/forbidden/unknown argument)",
  "lastTool: string | null — the tool named by the last call (null before any, or when it was malformed)",
  "source: string — the current JavaScript source of the function being fixed",
].join("\n");

/**
 * The read-only view of a BugFix episode that harness hooks may read: a fresh plain-JSON
 * object with no hidden-test data (the source only ever contains public args).
 */
export function bugFixStateView(state: BugFixEpisodeState, maxTurns: number): JsonObject {
  return {
    turn: state.turns,
    maxTurns,
    submitted: state.submitted,
    done: state.done,
    opsUsed: state.opsUsed.slice(),
    testsRun: state.testsRun,
    lastTestAllPassed: state.lastTestAllPassed,
    invalidCalls: state.invalidCalls,
    rejectedCalls: state.rejectedCalls,
    lastTool: state.lastTool,
    source: state.source,
  };
}
