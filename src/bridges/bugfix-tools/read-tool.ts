import type { CodingToolArguments } from "./coding-tool-arguments.js";
import { toolError, type CodingToolOutcome } from "./coding-tool-outcome.js";
import { numberLines, splitLines } from "./number-lines.js";
import type { Workspace } from "./workspace.js";
import { normalizeWorkspacePath } from "./workspace-path.js";

/** Lines a Read returns when no `limit` is given. */
export const READ_DEFAULT_LIMIT = 2000;

/**
 * Read: the file's lines numbered like `cat -n`, from `offset` (1-based, default 1) for
 * `limit` lines (default {@link READ_DEFAULT_LIMIT}). A successful Read marks the file as
 * read, which Edit requires. Missing files, directories and an offset past the end are
 * error results.
 */
export function runRead(workspace: Workspace, args: CodingToolArguments<"Read">): CodingToolOutcome {
  const normalized = normalizeWorkspacePath(args.file_path);
  if ("error" in normalized) return toolError(`Read: ${normalized.error}`);
  const path = normalized.path;
  const content = workspace.read(path);
  if (content === undefined) {
    if (workspace.isDirectory(path))
      return toolError(`Read: ${path || "/"} is a directory; list it with Glob or Bash ls`);
    return toolError(`Read: file does not exist: ${path}`);
  }
  const lines = splitLines(content);
  workspace.markRead(path);
  if (lines.length === 0) return { text: `(${path} is empty)`, isError: false, activity: "look" };
  const offset = args.offset ?? 1;
  if (offset > lines.length)
    return toolError(`Read: offset ${offset} is past the end of ${path} (${lines.length} lines)`);
  const shown = lines.slice(offset - 1, offset - 1 + (args.limit ?? READ_DEFAULT_LIMIT));
  return { text: numberLines(shown, offset), isError: false, activity: "look" };
}
