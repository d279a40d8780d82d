import { errorMessage } from "../../core/errors.js";
import type { CodingToolArguments } from "./coding-tool-arguments.js";
import { toolError, type CodingToolOutcome } from "./coding-tool-outcome.js";
import { splitLines } from "./number-lines.js";
import type { Workspace } from "./workspace.js";
import { normalizeWorkspacePath } from "./workspace-path.js";

/**
 * Grep: every line matching a JavaScript regular expression, as `path:line:text` (like
 * `grep -rn`), in the file or directory `path` (default: the whole workspace). An invalid
 * expression or a missing path is an error result; no match is a normal result.
 */
export function runGrep(workspace: Workspace, args: CodingToolArguments<"Grep">): CodingToolOutcome {
  let pattern: RegExp;
  try {
    pattern = new RegExp(args.pattern);
  } catch (error) {
    return toolError(`Grep: invalid regular expression: ${errorMessage(error)}`);
  }
  const normalized = normalizeWorkspacePath(args.path ?? "");
  if ("error" in normalized) return toolError(`Grep: ${normalized.error}`);
  const path = normalized.path;
  if (!workspace.hasFile(path) && !workspace.isDirectory(path))
    return toolError(`Grep: no such file or directory: ${path}`);
  const matches: string[] = [];
  for (const file of workspace.filesUnder(path)) {
    splitLines(workspace.read(file) ?? "").forEach((line, index) => {
      if (pattern.test(line)) matches.push(`${file}:${index + 1}:${line}`);
    });
  }
  return { text: matches.length === 0 ? "No matches found" : matches.join("\n"), isError: false, activity: "look" };
}
