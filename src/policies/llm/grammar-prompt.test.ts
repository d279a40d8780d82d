import { describe, expect, it } from "vitest";
import { bugFixTools, editOpNameSchema } from "../../bridges/bugfix/index.js";
import { grammarPrompt } from "./grammar-prompt.js";
import { policySystemPrompt } from "./policy-system-prompt.js";

describe("grammarPrompt", () => {
  it("teaches the <call> grammar with one line per tool, arguments and their allowed values", () => {
    const prompt = grammarPrompt(bugFixTools());
    expect(prompt).toContain("  <call> TOOL </call>        a tool without argument");
    expect(prompt).toContain("- <call> read </call> — Show a compact projection");
    expect(prompt).toContain(
      `- <call> edit OP </call> — Apply one edit op (a generic source transform) to the current source. (OP is one of: ${editOpNameSchema.options.join(", ")})`,
    );
    expect(prompt.endsWith("Example answer: <call> read </call>")).toBe(true);
  });

  it("marks an optional argument and falls back to its description", () => {
    const prompt = grammarPrompt([
      {
        name: "look",
        description: "Look around.",
        inputSchema: { type: "object", properties: { at: { type: "string", description: "what to look at" } } },
      },
    ]);
    expect(prompt).toContain("- <call> look [AT] </call> — Look around. (what to look at)");
  });
});

describe("policySystemPrompt", () => {
  it("states the task for tools mode without a grammar or skills section when none are given", () => {
    const prompt = policySystemPrompt({ mode: "tools", grammar: "GRAMMAR", skills: [] });
    expect(prompt).toMatch(/calling exactly one of the provided tools/);
    expect(prompt).not.toContain("GRAMMAR");
    expect(prompt).not.toContain("## Skills");
  });

  it("adds the grammar in text mode and renders skills as a section", () => {
    const prompt = policySystemPrompt({
      mode: "text",
      grammar: "GRAMMAR",
      skills: ["Read before editing.", "Test before submitting."],
    });
    expect(prompt).toMatch(
      /exactly one call written in the grammar below[\s\S]*\n\nGRAMMAR\n\n## Skills\n.*\n- Read before editing\.\n- Test before submitting\.$/,
    );
  });
});
