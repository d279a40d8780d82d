/**
 * What a coding tool call did, for bookkeeping: looked at the workspace, ran the tests,
 * wrote a file, or submitted.
 */
export type CodingToolActivity = "look" | "test" | "write" | "submit";

/**
 * The result of one coding tool call. Failures are results (`isError: true`, MCP's
 * convention), never exceptions; `text` then says what went wrong and how to fix the call.
 */
export interface CodingToolOutcome {
  text: string;
  isError: boolean;
  /** What the call did (meaningless when `isError`). */
  activity: CodingToolActivity;
}

/** A failed call's outcome. */
export function toolError(text: string): CodingToolOutcome {
  return { text, isError: true, activity: "look" };
}
