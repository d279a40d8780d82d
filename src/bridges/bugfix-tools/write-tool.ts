import type { CodingToolArguments } from "./coding-tool-arguments.js";
import { toolError, type CodingToolOutcome } from "./coding-tool-outcome.js";
import type { Workspace } from "./workspace.js";
import { normalizeWorkspacePath } from "./workspace-path.js";

/**
 * Write: create a file or overwrite it with `content`. The agent then knows the file's
 * content, so it counts as read (Edit accepts it). The workspace root and directories
 * cannot be written.
 */
export function runWrite(workspace: Workspace, args: CodingToolArguments<"Write">): CodingToolOutcome {
  const normalized = normalizeWorkspacePath(args.file_path);
  if ("error" in normalized) return toolError(`Write: ${normalized.error}`);
  const path = normalized.path;
  if (path === "" || (!workspace.hasFile(path) && workspace.isDirectory(path)))
    return toolError(`Write: ${path || "/"} is a directory, not a file`);
  const existed = workspace.hasFile(path);
  workspace.write(path, args.content);
  workspace.markRead(path);
  return {
    text: existed ? `The file ${path} has been overwritten.` : `File created successfully at: ${path}`,
    isError: false,
    activity: "write",
  };
}
