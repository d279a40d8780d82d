import { z } from "zod";
import type { JsonObject } from "../../../core/json.js";
import type { ToolSpec } from "../../../core/tool-spec.js";
import { codingTools } from "../../bugfix-tools/index.js";
import { repoBashArgumentsSchema } from "./repo-bash-tool.js";

/**
 * Edit's description without the word "read", which would make generic tool roles call
 * it an information tool: here it is the agent's main move.
 */
const EDIT_DESCRIPTION =
  "Replace an exact string in a file: old_string must occur, and only once unless replace_all is true; the file must have been opened in this episode first.";

/** The tools that work as in `bugfix-tools`, over the repository's files. */
const SHARED = new Set(["Read", "Edit", "Write", "Grep", "Glob"]);

function inputSchemaOf(schema: z.ZodType): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input" }) as JsonObject;
  return rest;
}

/**
 * The `repo` tools, MCP-shaped: Read, Edit, Write, Grep, Glob exactly as in
 * `bugfix-tools` (over the repository checkout), Bash for `ls` and the visible test suite
 * (whole or some files) run under isolation, and Submit.
 */
export function repoTools(): ToolSpec[] {
  const shared = codingTools()
    .filter((tool) => SHARED.has(tool.name))
    .map((tool) => (tool.name === "Edit" ? { ...tool, description: EDIT_DESCRIPTION } : tool));
  return [
    ...shared,
    {
      name: "Bash",
      description:
        "Runs the tests: `npm test` runs the repository's whole visible suite, `npm test -- FILE…` only those test files, with the repository's own runner on the current files under isolation, and prints a summary, one FAIL line per failing test and the end of the runner's output. Also `ls [PATH]`; nothing else.",
      inputSchema: inputSchemaOf(repoBashArgumentsSchema),
    },
    {
      name: "Submit",
      description: "Submit the current code: hidden tests run fresh on it and grade it; ends the episode.",
      inputSchema: inputSchemaOf(z.strictObject({})),
    },
  ];
}
