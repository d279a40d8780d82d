import type { Action } from "../../core/action.js";
import { formatIssues } from "../../core/validate.js";
import { runBash } from "./bash-tool.js";
import {
  codingToolArgumentSchemas,
  codingToolNames,
  type CodingToolArguments,
  type CodingToolName,
} from "./coding-tool-arguments.js";
import { toolError, type CodingToolOutcome } from "./coding-tool-outcome.js";
import { runEdit } from "./edit-tool.js";
import { runGlob } from "./glob-tool.js";
import { runGrep } from "./grep-tool.js";
import { runRead } from "./read-tool.js";
import type { Workspace } from "./workspace.js";
import { runWrite } from "./write-tool.js";

/** What a coding tool may touch: the episode's workspace, and the public test run. */
export interface CodingToolContext {
  workspace: Workspace;
  /** Run the public tests on the current source and return the report (one line per test). */
  runPublicTests(): string;
}

type Runner<Name extends CodingToolName> = (
  args: CodingToolArguments<Name>,
  context: CodingToolContext,
) => CodingToolOutcome;

const runners: { [Name in CodingToolName]: Runner<Name> } = {
  Read: (args, context) => runRead(context.workspace, args),
  Edit: (args, context) => runEdit(context.workspace, args),
  Write: (args, context) => runWrite(context.workspace, args),
  Grep: (args, context) => runGrep(context.workspace, args),
  Glob: (args, context) => runGlob(context.workspace, args),
  Bash: (args, context) => runBash(context.workspace, args, () => context.runPublicTests()),
  Submit: () => ({ text: "submitted: the hidden tests grade the current source", isError: false, activity: "submit" }),
};

function isCodingToolName(name: string): name is CodingToolName {
  return (codingToolNames as string[]).includes(name);
}

function runNamed<Name extends CodingToolName>(
  name: Name,
  args: unknown,
  context: CodingToolContext,
): CodingToolOutcome {
  const parsed = codingToolArgumentSchemas[name].safeParse(args);
  if (!parsed.success) return toolError(`${name}: invalid arguments: ${formatIssues(parsed.error)}`);
  return runners[name](parsed.data as CodingToolArguments<Name>, context);
}

/**
 * Run one structured tool call. An unknown tool, arguments that do not fit the tool's
 * schema, or a tool failure give an error result (`isError: true`) with a message that
 * says how to fix the call; nothing here throws for a bad call. `Submit` only reports
 * itself: ending the episode is the env's business.
 */
export function runCodingTool(action: Action, context: CodingToolContext): CodingToolOutcome {
  if (!isCodingToolName(action.name))
    return toolError(`unknown tool ${JSON.stringify(action.name)}; the tools are ${codingToolNames.join(", ")}`);
  return runNamed(action.name, action.args, context);
}
