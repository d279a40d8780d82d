import { describe, expect, it } from "vitest";
import { formatCall, parseCall } from "./call-grammar.js";

describe("parseCall", () => {
  it.each([
    ["<call> read </call>", { tool: "read", arg: null }],
    ["<call> edit swap_minmax </call>", { tool: "edit", arg: "swap_minmax" }],
    ["  <call>test</call>\n", { tool: "test", arg: null }],
    ["<call>   submit   </call>", { tool: "submit", arg: null }],
    // Shape only: unknown tools and arguments parse; the env rejects them afterwards.
    ["<call> fly away </call>", { tool: "fly", arg: "away" }],
    ["<call> read now </call>", { tool: "read", arg: "now" }],
  ])("parses %j", (text, expected) => {
    expect(parseCall(text)).toEqual(expected);
  });

  it.each([
    "read",
    "",
    "<call> </call>",
    "<call></call>",
    "<call> read",
    "read </call>",
    "<call> edit swap_minmax extra </call>",
    "please <call> read </call>",
    "<call> read </call> thanks",
    "<call> read </call><call> test </call>",
    "<CALL> read </CALL>",
  ])("rejects the malformed text %j", (text) => {
    expect(parseCall(text)).toBeNull();
  });

  it("formats what it parses", () => {
    expect(formatCall("read")).toBe("<call> read </call>");
    expect(formatCall("edit", "guard_zero")).toBe("<call> edit guard_zero </call>");
    expect(parseCall(formatCall("edit", "toggle_init"))).toEqual({ tool: "edit", arg: "toggle_init" });
  });
});
