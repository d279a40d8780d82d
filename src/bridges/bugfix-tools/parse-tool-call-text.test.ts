import { describe, expect, it } from "vitest";
import { parseToolCallText } from "./parse-tool-call-text.js";

describe("parseToolCallText", () => {
  it("parses one JSON tool call, arguments optional", () => {
    expect(parseToolCallText(' {"name": "Read", "arguments": {"file_path": "src/f.js"}}\n')).toEqual({
      name: "Read",
      args: { file_path: "src/f.js" },
    });
    expect(parseToolCallText('{"name":"Submit"}')).toEqual({ name: "Submit", args: {} });
  });

  it("returns null for prose, bad JSON, other shapes and extra keys", () => {
    for (const text of [
      "Read src/f.js",
      '{"name": "Read"',
      '["Read"]',
      '{"tool": "Read"}',
      '{"name": "Read", "arguments": [1]}',
      '{"name": "Read", "args": {}}',
      '{"name": ""}',
      "",
      "{}",
    ]) {
      expect(parseToolCallText(text), text).toBeNull();
    }
  });
});
