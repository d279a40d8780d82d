/** The BugFix gym behind coding-agent tools (read, edit, bash, …): its env definition. Code outside this folder imports from here. */
export {
  type BugFixToolsEnvDefinition,
  bugfixToolsEnv,
  createBugFixToolsEnvDefinition,
} from "./bugfix-tools-env-definition.js";
/** The coding tools themselves, for envs that put them over another workspace (the `repo` env). */
export { codingToolArgumentSchemas, type CodingToolName } from "./coding-tool-arguments.js";
export { toolError, type CodingToolOutcome } from "./coding-tool-outcome.js";
export { codingTools } from "./coding-tools.js";
export { parseToolCallText } from "./parse-tool-call-text.js";
export { runCodingTool } from "./run-coding-tool.js";
export { Workspace as CodingWorkspace } from "./workspace.js";
export { normalizeWorkspacePath } from "./workspace-path.js";
export { globToRegExp } from "./glob-pattern.js";
export { codingEpisodeCounters } from "./bugfix-tools-state-view.js";
