import { z } from "zod";
import type { JsonObject } from "../../core/json.js";
import type { ToolSpec } from "../../core/tool-spec.js";
import { codingToolArgumentSchemas, codingToolNames, type CodingToolName } from "./coding-tool-arguments.js";
import { testCommands } from "./bash-tool.js";

const descriptions: Record<CodingToolName, string> = {
  Read: "Read a file of the workspace. Lines come back numbered like `cat -n` (the number, a tab, the line). Reading a file is required before editing it.",
  Edit: "Replace an exact string in a file. The file must have been Read in this episode; old_string must occur, and only once unless replace_all is true.",
  Write: "Create a file, or overwrite one with new content.",
  Grep: "Search file contents with a regular expression; prints path:line:text for every matching line.",
  Glob: "Find files whose path matches a glob pattern; prints the matching paths.",
  Bash: `Run a shell command. Only a whitelist is available: \`ls [PATH]\`, and the test command \`${testCommands.join("` or `")}\`, which runs the public tests and prints one line per test (pass, or fail with the arguments, what the function returned and what was expected).`,
  Submit: "Submit the current code for grading on the hidden tests; ends the episode.",
};

/** A tool's JSON Schema from its zod schema (input side: optional fields are not required). */
function inputSchemaOf(schema: z.ZodType): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input" }) as JsonObject;
  return rest;
}

/**
 * The `bugfix-tools` tools, MCP-shaped (`name`, `description`, `inputSchema`), modelled
 * on a deployed coding agent's general tools: Read, Edit, Write, Grep, Glob, Bash (a
 * whitelist) and Submit. Their input schemas are generated from the zod argument schemas.
 */
export function codingTools(): ToolSpec[] {
  return codingToolNames.map((name) => ({
    name,
    description: descriptions[name],
    inputSchema: inputSchemaOf(codingToolArgumentSchemas[name]),
  }));
}
