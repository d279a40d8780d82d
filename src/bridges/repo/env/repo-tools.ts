import { z } from "zod";
import type { JsonObject } from "../../../core/json.js";
import type { ToolSpec } from "../../../core/tool-spec.js";
import { codingTools } from "../../bugfix-tools/index.js";
import { repoBashArgumentsSchema } from "./repo-bash-tool.js";

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
  const shared = codingTools().filter((tool) => SHARED.has(tool.name));
  return [
    ...shared,
    {
      name: "Bash",
      description:
        "Run a command. Only `ls [PATH]` and the repository's test suite are available: `npm test` runs every visible test, `npm test -- FILE…` only those test files; either runs the repository's own test runner on the current files under isolation and prints a summary, one FAIL line per failing test and the end of the runner's output.",
      inputSchema: inputSchemaOf(repoBashArgumentsSchema),
    },
    {
      name: "Submit",
      description: "Submit the current code: hidden tests run fresh on it and grade it; ends the episode.",
      inputSchema: inputSchemaOf(z.strictObject({})),
    },
  ];
}
