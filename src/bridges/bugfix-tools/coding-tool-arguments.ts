import { z } from "zod";

const filePath = z.string().min(1).describe("Path of the file, relative to the workspace root (e.g. src/example.js).");

/**
 * The argument schemas of the coding tools, by tool name (schema first: the tools'
 * JSON Schemas are generated from these, and every call is validated with them). Unknown
 * argument names are refused. Parameter names follow Claude Code's built-in tools (Read,
 * Edit, Write, Bash); Grep's and Glob's `pattern`/`path` are the chapter's choice.
 */
export const codingToolArgumentSchemas = {
  Read: z.strictObject({
    file_path: filePath,
    offset: z
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .optional()
      .describe("The line number to start reading from (1-based). Default 1."),
    limit: z.number().int().min(1).max(1_000_000).optional().describe("How many lines to read. Default 2000."),
  }),
  Edit: z.strictObject({
    file_path: filePath,
    old_string: z
      .string()
      .describe("The exact text to replace; it must occur in the file, and only once unless replace_all is true."),
    new_string: z.string().describe("The text to put in its place (must differ from old_string)."),
    replace_all: z.boolean().optional().describe("Replace every occurrence of old_string. Default false."),
  }),
  Write: z.strictObject({
    file_path: filePath,
    content: z.string().describe("The whole new content of the file."),
  }),
  Grep: z.strictObject({
    pattern: z.string().describe("A JavaScript regular expression, matched against each line."),
    path: z.string().optional().describe("A file or directory to search in. Default: the whole workspace."),
  }),
  Glob: z.strictObject({
    pattern: z
      .string()
      .min(1)
      .describe("A glob over file paths: * (within a path segment), ** (any depth), ?, {a,b}. E.g. **/*.js"),
  }),
  Bash: z.strictObject({
    command: z.string().describe("The command line: `ls [PATH]`, or the test command `npm test` (also `node --test`)."),
  }),
  Submit: z.strictObject({}),
} as const;

/** The name of a coding tool. */
export type CodingToolName = keyof typeof codingToolArgumentSchemas;

/** The coding tool names, in the order the tools are declared. */
export const codingToolNames = Object.keys(codingToolArgumentSchemas) as CodingToolName[];

/** The validated arguments of a coding tool. */
export type CodingToolArguments<Name extends CodingToolName> = z.output<(typeof codingToolArgumentSchemas)[Name]>;
