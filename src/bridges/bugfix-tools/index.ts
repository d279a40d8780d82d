/** The BugFix gym behind coding-agent tools (read, edit, bash, …): its env definition. Code outside this folder imports from here. */
export {
  type BugFixToolsEnvDefinition,
  bugfixToolsEnv,
  createBugFixToolsEnvDefinition,
} from "./bugfix-tools-env-definition.js";
