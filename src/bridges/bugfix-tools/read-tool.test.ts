import { describe, expect, it } from "vitest";
import { runRead } from "./read-tool.js";
import { Workspace } from "./workspace.js";

describe("Read", () => {
  const lines = Array.from({ length: 12 }, (_, index) => `line ${index + 1}`);
  const state = {
    files: { "src/f.js": `${lines.join("\n")}\n`, "empty.txt": "" } as Record<string, string>,
    readFiles: [] as string[],
  };
  const workspace = new Workspace(state.files, state.readFiles);

  it("numbers lines like cat -n and marks the file read", () => {
    const outcome = runRead(workspace, { file_path: "src/f.js", limit: 2 });
    expect(outcome).toEqual({ text: "     1\tline 1\n     2\tline 2", isError: false, activity: "look" });
    expect(state.readFiles).toEqual(["src/f.js"]);
  });

  it("reads from an offset, for a limit, and to the end without one (a final newline adds no line)", () => {
    expect(runRead(workspace, { file_path: "src/f.js", offset: 10 }).text).toBe(
      "    10\tline 10\n    11\tline 11\n    12\tline 12",
    );
    expect(runRead(workspace, { file_path: "/src/f.js", offset: 3, limit: 1 }).text).toBe("     3\tline 3");
  });

  it("gives error results for a missing file, a directory, and an offset past the end", () => {
    expect(runRead(workspace, { file_path: "src/g.js" })).toMatchObject({
      isError: true,
      text: "Read: file does not exist: src/g.js",
    });
    expect(runRead(workspace, { file_path: "src" }).text).toMatch(/src is a directory/);
    expect(runRead(workspace, { file_path: "src/f.js", offset: 13 }).text).toBe(
      "Read: offset 13 is past the end of src/f.js (12 lines)",
    );
    expect(runRead(workspace, { file_path: "empty.txt" })).toEqual({
      text: "(empty.txt is empty)",
      isError: false,
      activity: "look",
    });
  });
});
