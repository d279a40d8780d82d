import { describe, expect, it } from "vitest";
import { toolSpecSchema } from "../../core/tool-spec.js";
import { codingTools } from "./coding-tools.js";
import { runCodingTool } from "./run-coding-tool.js";
import { Workspace } from "./workspace.js";

function context() {
  const state = {
    files: { "README.md": "# f\nRun `npm test`.\n", "src/f.js": "function f(a) {\n  return a > 1;\n}" } as Record<
      string,
      string
    >,
    readFiles: [] as string[],
  };
  return {
    state,
    context: {
      workspace: new Workspace(state.files, state.readFiles),
      runPublicTests: () => "pass\nfail (1) -> got false want true",
    },
  };
}

describe("coding tools", () => {
  it("declares seven MCP-shaped tools whose input schemas come from the argument schemas", () => {
    const tools = codingTools();
    expect(tools.map((tool) => tool.name)).toEqual(["Read", "Edit", "Write", "Grep", "Glob", "Bash", "Submit"]);
    for (const tool of tools) expect(toolSpecSchema.safeParse(tool).success).toBe(true);
    const edit = tools.find((tool) => tool.name === "Edit")!;
    expect(edit.inputSchema).toMatchObject({
      type: "object",
      required: ["file_path", "old_string", "new_string"],
      additionalProperties: false,
    });
    expect(Object.keys(edit.inputSchema.properties as object)).toEqual([
      "file_path",
      "old_string",
      "new_string",
      "replace_all",
    ]);
    expect(tools.find((tool) => tool.name === "Bash")!.description).toMatch(
      /`ls \[PATH\]`.*`npm test` or `node --test`/,
    );
  });

  it("turns unknown tools and bad arguments into error results", () => {
    const { context: toolContext } = context();
    expect(runCodingTool({ name: "Delete", args: {} }, toolContext)).toMatchObject({
      isError: true,
      text: expect.stringMatching(/unknown tool "Delete"; the tools are Read, Edit/),
    });
    expect(runCodingTool({ name: "Read", args: {} }, toolContext).text).toMatch(/^Read: invalid arguments: file_path/);
    expect(runCodingTool({ name: "Read", args: { file_path: "src/f.js", lines: 3 } }, toolContext).text).toMatch(
      /invalid arguments/,
    );
    expect(
      runCodingTool({ name: "Edit", args: { file_path: "src/f.js", old_string: 1, new_string: "x" } }, toolContext)
        .isError,
    ).toBe(true);
    expect(runCodingTool({ name: "Submit", args: { now: true } }, toolContext).isError).toBe(true);
  });

  it("runs Write, Grep and Glob on the workspace; a written file may be edited without a Read", () => {
    const { state, context: toolContext } = context();
    expect(
      runCodingTool({ name: "Write", args: { file_path: "notes/todo.md", content: "fix a > 1\n" } }, toolContext).text,
    ).toBe("File created successfully at: notes/todo.md");
    expect(
      runCodingTool(
        { name: "Edit", args: { file_path: "notes/todo.md", old_string: ">", new_string: ">=" } },
        toolContext,
      ).isError,
    ).toBe(false);
    expect(state.files["notes/todo.md"]).toBe("fix a >= 1\n");
    expect(runCodingTool({ name: "Write", args: { file_path: "src", content: "" } }, toolContext).isError).toBe(true);
    expect(runCodingTool({ name: "Grep", args: { pattern: "a >" } }, toolContext).text).toBe(
      "notes/todo.md:1:fix a >= 1\nsrc/f.js:2:  return a > 1;",
    );
    expect(runCodingTool({ name: "Grep", args: { pattern: "return", path: "notes" } }, toolContext).text).toBe(
      "No matches found",
    );
    expect(runCodingTool({ name: "Grep", args: { pattern: "(" } }, toolContext).text).toMatch(
      /invalid regular expression/,
    );
    expect(runCodingTool({ name: "Grep", args: { pattern: "a", path: "lib" } }, toolContext).isError).toBe(true);
    expect(runCodingTool({ name: "Glob", args: { pattern: "**/*.md" } }, toolContext).text).toBe(
      "README.md\nnotes/todo.md",
    );
    expect(runCodingTool({ name: "Glob", args: { pattern: "*.py" } }, toolContext).text).toBe("No files found");
    expect(runCodingTool({ name: "Bash", args: { command: "npm test" } }, toolContext)).toMatchObject({
      activity: "test",
      isError: false,
    });
  });
});
