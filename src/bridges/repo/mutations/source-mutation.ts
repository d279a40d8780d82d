import type { MutationKind } from "../tasks/repo-task.js";

/** One candidate bug: a span of a source file's text replaced by other text. */
export interface SourceMutation {
  kind: MutationKind;
  path: string;
  /** 1-based line of the span's start. */
  line: number;
  /** Character offsets of the replaced span. */
  start: number;
  end: number;
  replacement: string;
  /** What changed, e.g. "`===` → `!==`" (kept in the task data, never shown to the agent). */
  description: string;
}

/** The source text with the mutation applied. */
export function applyMutation(text: string, mutation: SourceMutation): string {
  return text.slice(0, mutation.start) + mutation.replacement + text.slice(mutation.end);
}
