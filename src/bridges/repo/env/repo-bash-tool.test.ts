import { describe, expect, it } from "vitest";
import { parseRepoBash } from "./repo-bash-tool.js";

describe("parseRepoBash", () => {
  it("reads the suite, some test files, and ls", () => {
    expect(parseRepoBash("npm test")).toEqual({ kind: "test", files: null });
    expect(parseRepoBash(" npm  test -- test/a.js test/b.js ")).toEqual({
      kind: "test",
      files: ["test/a.js", "test/b.js"],
    });
    expect(parseRepoBash("ls src")).toEqual({ kind: "ls", path: "src" });
  });

  it("refuses shell syntax, flags and other commands", () => {
    for (const command of [
      "npm test; rm -rf /",
      "npm test -- --watch",
      "npm test --x",
      "cat /etc/passwd",
      "ls -la",
      "",
      "npm test && curl x",
    ])
      expect(parseRepoBash(command).kind).toBe("refused");
  });
});
