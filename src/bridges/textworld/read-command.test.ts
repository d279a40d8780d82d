import { describe, expect, it } from "vitest";
import { MAX_COMMAND_LENGTH, parseCommandText, readCommand } from "./read-command.js";

describe("parseCommandText / readCommand", () => {
  it("takes any non-empty line, trimmed, as command(text)", () => {
    expect(parseCommandText("  open chest drawer ")).toEqual({ name: "command", args: { text: "open chest drawer" } });
    expect(parseCommandText("xyzzy")).toEqual({ name: "command", args: { text: "xyzzy" } });
    expect(readCommand({ name: "command", args: { text: "look" } })).toEqual({ command: "look" });
  });

  it("refuses empty, multi-line and over-long texts", () => {
    for (const text of ["", "   ", "north\nsouth", "x".repeat(MAX_COMMAND_LENGTH + 1)]) {
      expect(parseCommandText(text)).toBeNull();
      expect(readCommand(text)).toHaveProperty("error");
    }
  });

  it("refuses other tools and bad arguments with a reason", () => {
    expect(readCommand({ name: "submit", args: {} })).toEqual({ error: expect.stringContaining("unknown tool") });
    expect(readCommand({ name: "command", args: { text: "look", loud: true } })).toEqual({
      error: expect.stringContaining('"loud"'),
    });
    expect(readCommand({ name: "command", args: { text: 3 } })).toEqual({
      error: expect.stringContaining("needs text"),
    });
    expect(readCommand({ name: "command", args: {} })).toEqual({ error: expect.stringContaining("needs text") });
  });
});
