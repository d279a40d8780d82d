import { describe, expect, it } from "vitest";
import { jsonNestingDepth, parseBoundedJson } from "./bounded-json.js";
import { parseJsonText } from "./validate.js";
import { z } from "zod";

describe("parseBoundedJson", () => {
  it("parses JSON within the limits, brackets inside strings not counted", () => {
    expect(parseBoundedJson('{"a":[1,{"b":"[[[[{{{{\\"]]"}]}')).toEqual({
      ok: true,
      value: { a: [1, { b: '[[[[{{{{"]]' }] },
    });
    expect(jsonNestingDepth('{"a":[1,{"b":"[[[["}]}')).toBe(3);
    expect(jsonNestingDepth("42")).toBe(0);
  });

  it("refuses text deeper than maxDepth, closed or not, before parsing it", () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    expect(parseBoundedJson(deep)).toMatchObject({ ok: false, reason: "too-deep" });
    expect(parseBoundedJson("[".repeat(100_000))).toMatchObject({ ok: false, reason: "too-deep" });
    expect(parseBoundedJson("[[[]]]", { maxDepth: 3 }).ok).toBe(true);
    expect(parseBoundedJson("[[[[]]]]", { maxDepth: 3 })).toMatchObject({ ok: false, reason: "too-deep" });
  });

  it("refuses text longer than maxCharacters, and says what is wrong with text that is not JSON", () => {
    expect(parseBoundedJson('"abcdef"', { maxCharacters: 4 })).toMatchObject({ ok: false, reason: "too-large" });
    expect(parseBoundedJson("{oops")).toMatchObject({ ok: false, reason: "syntax" });
  });

  it("backs parseJsonText: a too-deep file is a user error naming the file, not a stack overflow", () => {
    const text = `{"version":1,"x":${"[".repeat(50_000)}${"]".repeat(50_000)}}`;
    expect(() => parseJsonText(z.object({ version: z.literal(1) }), text, "stack file s.json", "BAD_ARGUMENT")).toThrow(
      /stack file s\.json is refused: JSON nested deeper than 128 levels/,
    );
  });
});
