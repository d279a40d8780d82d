import { describe, expect, it } from "vitest";
import { runEdit } from "./edit-tool.js";
import { Workspace } from "./workspace.js";

function workspaceWith(files: Record<string, string>, read: string[] = []) {
  const state = { files: { ...files }, readFiles: [...read] };
  return { state, workspace: new Workspace(state.files, state.readFiles) };
}

const source = "function f(a, b) {\n  const x = min(a, b);\n  const y = min(a, b);\n  return x + y;\n}";

describe("Edit", () => {
  it("refuses a file that was not read first in the episode, and leaves it unchanged", () => {
    const { state, workspace } = workspaceWith({ "src/f.js": source });
    const outcome = runEdit(workspace, {
      file_path: "src/f.js",
      old_string: "return x + y;",
      new_string: "return x * y;",
    });
    expect(outcome).toMatchObject({ isError: true });
    expect(outcome.text).toMatch(/has not been read yet.*Read it first/);
    expect(state.files["src/f.js"]).toBe(source);
  });

  it("refuses a string that does not occur, an empty string, and a no-op replacement", () => {
    const { state, workspace } = workspaceWith({ "src/f.js": source }, ["src/f.js"]);
    const notFound = runEdit(workspace, {
      file_path: "src/f.js",
      old_string: "return x - y;",
      new_string: "return 0;",
    });
    expect(notFound.isError).toBe(true);
    expect(notFound.text).toMatch(/not found in src\/f\.js/);
    expect(runEdit(workspace, { file_path: "src/f.js", old_string: "", new_string: "x" })).toMatchObject({
      isError: true,
    });
    expect(runEdit(workspace, { file_path: "src/f.js", old_string: "x + y", new_string: "x + y" }).text).toMatch(
      /same/,
    );
    expect(runEdit(workspace, { file_path: "src/g.js", old_string: "a", new_string: "b" }).text).toMatch(
      /does not exist: src\/g\.js/,
    );
    expect(state.files["src/f.js"]).toBe(source);
  });

  it("refuses a string that occurs more than once unless replace_all, which replaces every occurrence", () => {
    const { state, workspace } = workspaceWith({ "src/f.js": source }, ["src/f.js"]);
    const ambiguous = runEdit(workspace, { file_path: "src/f.js", old_string: "min(a, b)", new_string: "max(a, b)" });
    expect(ambiguous.isError).toBe(true);
    expect(ambiguous.text).toMatch(/occurs 2 times.*replace_all/);
    expect(state.files["src/f.js"]).toBe(source);
    const all = runEdit(workspace, {
      file_path: "src/f.js",
      old_string: "min(a, b)",
      new_string: "max(a, b)",
      replace_all: true,
    });
    expect(all).toEqual({
      text: "The file src/f.js has been updated (2 occurrences replaced).",
      isError: false,
      activity: "write",
    });
    expect(state.files["src/f.js"]).toBe(source.replaceAll("min(a, b)", "max(a, b)"));
  });

  it("replaces a unique string literally (no $ patterns), with the path normalised", () => {
    const { state, workspace } = workspaceWith({ "src/f.js": source }, ["src/f.js"]);
    const outcome = runEdit(workspace, {
      file_path: "./src/f.js",
      old_string: "  const y = min(a, b);\n  return",
      new_string: "  return $& $1",
    });
    expect(outcome.isError).toBe(false);
    expect(state.files["src/f.js"]).toBe("function f(a, b) {\n  const x = min(a, b);\n  return $& $1 x + y;\n}");
    expect(runEdit(workspace, { file_path: "../f.js", old_string: "a", new_string: "b" }).text).toMatch(
      /leaves the workspace/,
    );
  });
});
