import type { CodingToolArguments } from "./coding-tool-arguments.js";
import { toolError, type CodingToolOutcome } from "./coding-tool-outcome.js";
import type { Workspace } from "./workspace.js";
import { normalizeWorkspacePath } from "./workspace-path.js";

/** The test commands Bash accepts (either runs the public tests; no arguments). */
export const testCommands = ["npm test", "node --test"] as const;

const shellSyntax = /[;&|<>`$(){}\\*?!~'"#=]/;
const allowed = `the allowed commands are \`ls [PATH]\` and the test command \`${testCommands.join("` (or `")}\`)`;

/** `ls [PATH]`: the entries of a directory (subdirectories end with `/`), or the path of a file. */
function listPath(workspace: Workspace, raw: string): CodingToolOutcome {
  const normalized = normalizeWorkspacePath(raw);
  if ("error" in normalized) return toolError(`ls: ${normalized.error}`);
  const path = normalized.path;
  if (workspace.hasFile(path)) return { text: path, isError: false, activity: "look" };
  if (!workspace.isDirectory(path)) return toolError(`ls: cannot access '${raw}': No such file or directory`);
  return { text: workspace.entries(path).join("\n"), isError: false, activity: "look" };
}

/**
 * Bash, restricted to a whitelist: `ls` with at most one path (no flags), and the test
 * command — `npm test` or `node --test`, exactly — which runs the task's public tests on
 * the current source file and prints one line per test like BugFix's `test` tool. Any
 * other command, flags, or shell syntax (pipes, redirections, `;`, quotes, `$`, globs)
 * is refused with an error result; nothing is ever executed by a shell.
 */
export function runBash(
  workspace: Workspace,
  args: CodingToolArguments<"Bash">,
  runPublicTests: () => string,
): CodingToolOutcome {
  const words = args.command
    .trim()
    .split(/\s+/)
    .filter((word) => word !== "");
  const line = words.join(" ");
  if (line === "") return toolError(`Bash: empty command; ${allowed}`);
  if (shellSyntax.test(line))
    return toolError(
      `Bash: shell syntax is not available in this sandbox (${JSON.stringify(args.command)}); ${allowed}`,
    );
  if ((testCommands as readonly string[]).includes(line))
    return { text: runPublicTests(), isError: false, activity: "test" };
  if (words[0] === "ls" && words.length <= 2 && !words.slice(1).some((word) => word.startsWith("-")))
    return listPath(workspace, words[1] ?? "");
  return toolError(`Bash: command not allowed in this sandbox: ${JSON.stringify(args.command)}; ${allowed}`);
}
