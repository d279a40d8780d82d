import type { BugFixEvent, BugFixInfo } from "./bugfix-info.js";
import type { EditOpName } from "./edit-op-name.js";

/** What a graded coding episode's record is made of: the episode's counters. */
export interface GradedEpisodeCounters {
  submitted: boolean;
  done: boolean;
  turns: number;
  invalidCalls: number;
  rejectedCalls: number;
  lastEvent: BugFixEvent | null;
  lastActionError: string | null;
}

/** Its grade, once the episode has ended. */
export interface GradedEpisodeGrade {
  publicPass: boolean;
  hiddenPass: boolean;
  publicFrac: number;
  hiddenFrac: number;
}

/**
 * The BugFix-shaped info record of a graded coding episode (BugFix, bugfix-tools, repo):
 * the counters, and the pass fields only when graded (`null` before).
 */
export function gradedInfo(
  state: GradedEpisodeCounters,
  grade: GradedEpisodeGrade | null,
  maxTurns: number,
  opsUsed: EditOpName[],
): BugFixInfo {
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
    opsUsed,
    event: state.lastEvent,
    actionError: state.lastActionError,
  };
}
