import { describe, expect, it } from "vitest";
import { parseToy24Text } from "./parse-toy24-text.js";

describe("parseToy24Text", () => {
  it("reads combine with names or symbols, in any case and with call punctuation", () => {
    const combine = (i: number, j: number, op: string) => ({ name: "combine", args: { i, j, op } });
    expect(parseToy24Text("combine 0 1 add")).toEqual(combine(0, 1, "add"));
    expect(parseToy24Text("  COMBINE 2 1 Div ")).toEqual(combine(2, 1, "div"));
    expect(parseToy24Text("combine(0, 3, *)")).toEqual(combine(0, 3, "mul"));
    expect(parseToy24Text("combine 1 0 -")).toEqual(combine(1, 0, "sub"));
    expect(parseToy24Text("combine 1 0 x")).toEqual(combine(1, 0, "mul"));
    expect(parseToy24Text("combine 1 0 /")).toEqual(combine(1, 0, "div"));
    expect(parseToy24Text("combine 1 0 pow")).toEqual(combine(1, 0, "pow"));
  });

  it("reads the bare tools and passes an unknown word through as a tool name", () => {
    for (const name of ["undo", "reset", "submit", "jump"])
      expect(parseToy24Text(` ${name}\n`)).toEqual({ name, args: {} });
  });

  it("returns null for malformed text", () => {
    for (const text of [
      "",
      "   ",
      "combine 0",
      "combine 0 1",
      "combine a 1 add",
      "combine -1 0 add",
      "combine 0 1 add now",
      "undo twice",
      "please submit",
    ]) {
      expect(parseToy24Text(text), text).toBeNull();
    }
  });
});
