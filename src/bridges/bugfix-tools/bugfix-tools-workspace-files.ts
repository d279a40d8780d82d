import type { BugFixTask } from "../bugfix/bugfix-task.js";
import { testCommands } from "./bash-tool.js";

/**
 * The workspace a `bugfix-tools` episode starts from: `src/<function>.js` holding the
 * task's buggy source (the file that is graded) and a `README.md` with the issue text and
 * the test command. Tests are not files: the public ones run through the test command,
 * the hidden ones only in the grader, never in the workspace.
 */
export function bugFixToolsWorkspaceFiles(task: BugFixTask): { files: Record<string, string>; sourcePath: string } {
  const sourcePath = `src/${task.functionName}.js`;
  const readme = [
    `# ${task.functionName}`,
    "",
    "## Issue",
    "",
    task.issue,
    "",
    "## Tests",
    "",
    `Run the tests with \`${testCommands[0]}\`.`,
    "",
  ].join("\n");
  return { files: { "README.md": readme, [sourcePath]: task.buggySource }, sourcePath };
}
