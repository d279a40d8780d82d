import type { CodingToolArguments } from "./coding-tool-arguments.js";
import { toolError, type CodingToolOutcome } from "./coding-tool-outcome.js";
import type { Workspace } from "./workspace.js";
import { normalizeWorkspacePath } from "./workspace-path.js";

/** Non-overlapping occurrences of `needle` (non-empty) in `text`. */
function countOccurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

/**
 * Edit: replace an exact string in a file. The rules, checked in this order, each failure
 * an error result that leaves the file unchanged: the file exists; it was Read (or
 * written) earlier in this episode; `old_string` is not empty and differs from
 * `new_string`; it occurs in the file; it occurs once, unless `replace_all` is true (then
 * every occurrence is replaced). Replacement is literal (no `$` patterns).
 */
export function runEdit(workspace: Workspace, args: CodingToolArguments<"Edit">): CodingToolOutcome {
  const normalized = normalizeWorkspacePath(args.file_path);
  if ("error" in normalized) return toolError(`Edit: ${normalized.error}`);
  const path = normalized.path;
  const content = workspace.read(path);
  if (content === undefined) return toolError(`Edit: file does not exist: ${path}`);
  if (!workspace.wasRead(path))
    return toolError(`Edit: ${path} has not been read yet in this episode; Read it first, then edit it`);
  if (args.old_string === "") return toolError("Edit: old_string is empty; give the exact text to replace");
  if (args.old_string === args.new_string)
    return toolError("Edit: no change to make: old_string and new_string are the same");
  const count = countOccurrences(content, args.old_string);
  if (count === 0)
    return toolError(
      `Edit: old_string was not found in ${path}; it must match the file exactly (spaces and line breaks included)`,
    );
  const replaceAll = args.replace_all ?? false;
  if (count > 1 && !replaceAll) {
    return toolError(
      `Edit: old_string occurs ${count} times in ${path}; add surrounding lines to make it unique, or set replace_all to true`,
    );
  }
  let updated: string;
  if (replaceAll) {
    updated = content.split(args.old_string).join(args.new_string);
  } else {
    const at = content.indexOf(args.old_string);
    updated = content.slice(0, at) + args.new_string + content.slice(at + args.old_string.length);
  }
  workspace.write(path, updated);
  const replaced = replaceAll ? `${count} occurrence${count === 1 ? "" : "s"}` : "1 occurrence";
  return { text: `The file ${path} has been updated (${replaced} replaced).`, isError: false, activity: "write" };
}
