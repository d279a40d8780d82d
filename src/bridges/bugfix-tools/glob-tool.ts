import type { CodingToolArguments } from "./coding-tool-arguments.js";
import type { CodingToolOutcome } from "./coding-tool-outcome.js";
import { globToRegExp } from "./glob-pattern.js";
import type { Workspace } from "./workspace.js";

/** Glob: the workspace file paths matching the pattern (see {@link globToRegExp}), sorted, one per line. */
export function runGlob(workspace: Workspace, args: CodingToolArguments<"Glob">): CodingToolOutcome {
  const pattern = globToRegExp(args.pattern);
  const matches = workspace.paths().filter((path) => pattern.test(path));
  return { text: matches.length === 0 ? "No files found" : matches.join("\n"), isError: false, activity: "look" };
}
