import type { Action } from "../../core/action.js";
import type { PolicyHistoryEntry } from "../../core/policy.js";
import type { ReferenceChange } from "../../bridges/repo/index.js";

/** A tool call. */
export const call = (name: string, args: Action["args"] = {}): Action => ({ name, args });

/** The calls that make one part of a reference change: Read (Edit requires it; one line is enough), then Edit; or a Write. */
export function changeCalls(change: ReferenceChange): Action[] {
  if (change.kind === "write") return [call("Write", { file_path: change.path, content: change.content })];
  return [
    call("Read", { file_path: change.path, limit: 1 }),
    call("Edit", { file_path: change.path, old_string: change.old_string, new_string: change.new_string }),
  ];
}

/** The tool of a past turn (these policies only send structured calls). */
export function toolOf(entry: PolicyHistoryEntry): string | null {
  return typeof entry.action === "string" ? null : entry.action.name;
}
